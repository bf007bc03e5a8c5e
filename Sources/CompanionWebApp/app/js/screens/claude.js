// Claude Code: the projects Claude Code knows on the workstation. (The screens helper adds sessions, the
// transcript and the streaming chat.)
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
  root.append(section("Claude Code projects", body));
  loadInto(
    body,
    "claude.projects",
    () => ctx.api.get("/api/v1/projects"),
    (envelope) =>
      list(
        envelope?.data?.items ?? [],
        (/** @type {any} */ project) =>
          h(
            "div",
            { class: "row" },
            h("strong", {}, String(project.name ?? project.path)),
            h("span", { class: "muted" }, `${Number(project.sessionCount ?? 0)} sessions`),
            h("span", { class: "muted" }, ago(project.lastAccessedAt)),
          ),
        "No Claude Code projects on this workstation.",
      ),
    () => mounted,
  );
  return () => {
    mounted = false;
  };
}
