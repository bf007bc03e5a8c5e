// Attention: the permission requests Claude Code holds for a human, live. (The screens helper gives this screen
// its full form: the whole input, Approve / Deny / Always bound to the digest.)
import { h } from "../dom.js";
import { href } from "../router.js";
import { list, loadInto, section } from "./common.js";

/**
 * @param {HTMLElement} root
 * @param {import("./common.js").ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  let mounted = true;
  const body = h("div", { "aria-live": "polite" }, "Loading…");
  root.append(section("Needs you", body));
  const refresh = () =>
    loadInto(
      body,
      "attention",
      () => ctx.api.get("/api/attention"),
      (envelope) => {
        const approvals = envelope?.data?.approvals ?? [];
        return list(
          approvals,
          (/** @type {any} */ approval) =>
            h(
              "a",
              { class: "row", href: href("attention", String(approval.approval_id)) },
              h("strong", {}, String(approval.tool ?? "tool")),
              h("span", { class: "muted" }, String(approval.input_summary ?? "")),
              h("span", { class: "muted" }, String(approval.project ?? "")),
            ),
          "Nothing needs you right now.",
        );
      },
      () => mounted,
    );
  refresh();
  const off = ctx.events.on("attention", refresh);
  return () => {
    mounted = false;
    off();
  };
}
