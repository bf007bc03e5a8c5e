// Agents: the agent sessions on the workstation with their state. (The screens helper adds the live terminal,
// input and start/remove.)
import { h } from "../dom.js";
import { ago, list, loadInto, section } from "./common.js";

/**
 * @param {HTMLElement} root
 * @param {import("./common.js").ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  let mounted = true;
  const body = h("div", {}, "Loading…");
  root.append(section("Agents", body));
  const refresh = () =>
    loadInto(
      body,
      "agents",
      () => ctx.api.get("/api/sessions"),
      (envelope) =>
        list(
          envelope?.data?.sessions ?? [],
          (/** @type {any} */ session) =>
            h(
              "div",
              { class: "row" },
              h("strong", {}, String(session.project ?? session.id)),
              h("span", { class: `state state-${String(session.state)}` }, String(session.state)),
              h("span", { class: "muted" }, ago(session.last_activity)),
            ),
          "No agent sessions.",
        ),
      () => mounted,
    );
  refresh();
  const offUpdate = ctx.events.on("session_update", refresh);
  const offSnapshot = ctx.events.on("snapshot", refresh);
  return () => {
    mounted = false;
    offUpdate();
    offSnapshot();
  };
}
