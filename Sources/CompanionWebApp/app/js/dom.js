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
 * or numbers become text nodes through `visibleText` (as one-line fields).
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
 * Appends children to `parent`: nodes as they are, strings and numbers as text nodes through `visibleText` (fields).
 * @param {Node} parent
 * @param {...(Child | Child[])} children
 */
export function append(parent, ...children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : textNode(child));
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
 * Sets the text of an element (never parsed), through `visibleText`.
 * @param {Node} element
 * @param {unknown} value
 * @param {Layout} [layout]
 */
export function setText(element, value, layout = "field") {
  element.textContent = visibleText(value, layout);
}

/**
 * True for links this app makes: `#/…` routes, and relative paths without a scheme.
 * @param {string} text
 */
export function isSafeLink(text) {
  if (text.startsWith("#")) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(text.trim()) && !text.trim().startsWith("//");
}

/** @typedef {"field" | "line" | "block"} Layout */

/** Bidirectional controls (embeddings, overrides, isolates, marks): text would display in another order. */
const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
/** Invisible characters that can hide or split text: zero-width space, joiners, word joiner, BOM. */
const ZERO_WIDTH = [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff];
/** Line and paragraph separators, which some viewers treat as line breaks. */
const SEPARATORS = [0x2028, 0x2029];
const HIDDEN = new Set([...BIDI, ...ZERO_WIDTH, ...SEPARATORS]);
/** Any character `visibleText` may change (a fast test, so most text is returned as is). */
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]/;

/**
 * The one sanitiser of the app, the CLI's `TerminalSafeText` (Sources/CompanionAPI/Text): `text` with every C0 and C1
 * control, bidirectional control, zero-width character and line or paragraph separator shown as a visible escape
 * (`\t`, `\n`, `\r`, `\x1b`, `\u{202E}`), so network text cannot reorder, hide or split what is around it. A `field`
 * (one line: a name, a title) escapes tab and newline too; a `line` (of a log) keeps tab; a `block` keeps both.
 * `h`, `append` and `setText` pass every string through it as a field; `textNode(…, "block")` makes a block's node.
 * @param {unknown} text
 * @param {Layout} [layout]
 * @returns {string}
 */
export function visibleText(text, layout = "field") {
  const value = typeof text === "string" ? text : text === undefined || text === null ? "" : String(text);
  if (!SUSPECT.test(value)) return value;
  let out = "";
  for (const char of value) {
    const code = /** @type {number} */ (char.codePointAt(0));
    if ((code === 0x09 && layout !== "field") || (code === 0x0a && layout === "block")) out += char;
    else if (code === 0x09) out += "\\t";
    else if (code === 0x0a) out += "\\n";
    else if (code === 0x0d) out += "\\r";
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (HIDDEN.has(code)) out += "\\u{" + code.toString(16).toUpperCase().padStart(4, "0") + "}";
    else out += char;
  }
  return out;
}

/**
 * A text node showing `value` through `visibleText` in `layout` (a block keeps its newlines and tabs).
 * @param {unknown} value
 * @param {Layout} [layout]
 * @returns {Text}
 */
export function textNode(value, layout = "field") {
  return document.createTextNode(visibleText(value, layout));
}

/**
 * A short status line element (role=status), for messages such as "offline".
 * @param {string} text
 * @param {"info" | "error" | "warning"} [kind]
 */
export function notice(text, kind = "info") {
  return h("p", { class: `notice notice-${kind}`, role: kind === "error" ? "alert" : "status" }, text);
}
