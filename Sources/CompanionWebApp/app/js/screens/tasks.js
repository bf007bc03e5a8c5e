// Tasks: the workstation's tasks with their status. (The screens helper adds detail, the live log, create,
// start and cancel.)
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
  root.append(section("Tasks", body));
  loadInto(
    body,
    "tasks",
    () => ctx.api.get("/v1/tasks"),
    (answer) =>
      list(
        answer?.tasks ?? [],
        (/** @type {any} */ task) =>
          h(
            "div",
            { class: "row" },
            h("strong", {}, String(task.title)),
            h("span", { class: `state state-${String(task.status)}` }, String(task.status)),
            h("span", { class: "muted" }, ago(task.created_at)),
          ),
        "No tasks yet.",
      ),
    () => mounted,
  );
  return () => {
    mounted = false;
  };
}
