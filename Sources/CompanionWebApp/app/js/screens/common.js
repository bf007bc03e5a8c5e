// Pieces every screen uses: a titled section, a list of rows, the loading / error / stale states of a screen
// that shows data the workstation sent, with the last-known copy when the workstation cannot be reached.
import { h, notice, replace } from "../dom.js";
import { recall, remember } from "../lastknown.js";

/**
 * @typedef {{api: import("../api.js").Api, events: import("../events.js").Events,
 *   device: {id: string, name: string, scopes: string[], fingerprint: string},
 *   navigate: (name: string, ...params: string[]) => void}} ScreenContext
 */

/**
 * A screen's section with a heading.
 * @param {string} title
 * @param {...any} children
 */
export function section(title, ...children) {
  return h("section", { class: "card" }, h("h2", {}, title), ...children);
}

/**
 * A list; `empty` is shown when there are no items.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => HTMLElement} row
 * @param {string} empty
 */
export function list(items, row, empty) {
  if (items.length === 0) return h("p", { class: "empty" }, empty);
  return h("ul", { class: "list" }, items.map((item) => h("li", {}, row(item))));
}

/**
 * Loads `load()` into `root` with `render`, remembering the answer under `key`; when the workstation cannot be
 * reached, renders the remembered answer marked stale. Returns whether the screen is still mounted.
 * @param {HTMLElement} root
 * @param {string} key
 * @param {() => Promise<any>} load
 * @param {(data: any) => (HTMLElement | HTMLElement[])} render
 * @param {() => boolean} mounted
 */
export async function loadInto(root, key, load, render, mounted) {
  try {
    const data = await load();
    if (!mounted()) return;
    remember(key, data);
    replace(root, render(data));
  } catch (error) {
    if (!mounted()) return;
    const failure = /** @type {import("../api.js").ApiError} */ (error);
    const known = recall(key);
    if (failure.status === 0 && known) {
      const when = new Date(known.at).toLocaleString();
      replace(
        root,
        notice(`The workstation cannot be reached: showing what it said at ${when}.`, "warning"),
        render(known.value),
      );
    } else if (failure.status === 403) {
      replace(root, notice(`This device may not see this: ${failure.message}`, "warning"));
    } else {
      replace(root, notice(`Could not load: ${failure.message ?? String(error)}`, "error"));
    }
  }
}

/**
 * A relative time such as "5 min ago".
 * @param {string | number | undefined} when
 */
export function ago(when) {
  if (when === undefined || when === null) return "";
  const millis = Date.now() - new Date(when).getTime();
  if (!Number.isFinite(millis)) return "";
  const seconds = Math.max(0, Math.round(millis / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} d ago`;
}
