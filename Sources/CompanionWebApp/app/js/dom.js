// The one way network text reaches the page: elements made with createElement, text set with textContent.
// Nothing here parses HTML (scripts/check-webapp.sh fails on any HTML-parsing property or call anywhere in the
// app), so a task title holding `<img onerror=…>` is shown as those characters.

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {{[name: string]: string | number | boolean | EventListener | null | undefined}} Attributes
 */

/**
 * Makes an element. Attributes whose name starts with `on` are listeners (functions only); `class`, `role`,
 * `aria-*`, `data-*` and other attributes are set with setAttribute (values as text). Children that are strings
 * or numbers become text nodes.
 * @param {string} tag
 * @param {Attributes} [attributes]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) {
      if (typeof value === "function") element.addEventListener(name.slice(2).toLowerCase(), value);
      continue;
    }
    if (name === "href" || name === "src" || name === "action") {
      // Only this app's own hash routes and relative files: a `javascript:` link from the network is not a link.
      const text = String(value);
      if (!isSafeLink(text)) continue;
    }
    element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, ...children);
  return element;
}

/**
 * Appends children (text or nodes) to `parent`.
 * @param {Node} parent
 * @param {...(Child | Child[])} children
 */
export function append(parent, ...children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/**
 * Removes every child of `element`.
 * @param {Node} element
 */
export function clear(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}

/**
 * Replaces the children of `element`.
 * @param {Node} element
 * @param {...(Child | Child[])} children
 */
export function replace(element, ...children) {
  clear(element);
  append(element, ...children);
}

/**
 * Sets the text of an element (never parsed).
 * @param {Node} element
 * @param {string} text
 */
export function setText(element, text) {
  element.textContent = text;
}

/**
 * True for links this app makes: `#/…` routes, and relative paths without a scheme.
 * @param {string} text
 */
export function isSafeLink(text) {
  if (text.startsWith("#")) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(text.trim()) && !text.trim().startsWith("//");
}

/**
 * A text for display: control characters (but newline and tab) and bidirectional overrides made visible as
 * `\u{…}`, so terminal output or a tool input cannot reorder or hide what is around it.
 * @param {string} text
 * @returns {string}
 */
export function visibleText(text) {
  return String(text).replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u{${c.charCodeAt(0).toString(16)}}`,
  );
}

/**
 * A short status line element (role=status), for messages such as "offline".
 * @param {string} text
 * @param {"info" | "error" | "warning"} [kind]
 */
export function notice(text, kind = "info") {
  return h("p", { class: `notice notice-${kind}`, role: kind === "error" ? "alert" : "status" }, text);
}
