// @ts-check
/**
 * A held permission request's whole tool input, as text: every key of the input (nothing hidden), the command of
 * a Bash request first, an edit as a diff of its old and new text, a file path on a line of its own. The input
 * is exactly what the digest covers (`GET /api/attention`'s `input`), so what is shown is what gets decided.
 */
import { h, span, textBlock } from './ui.js';

/** Keys shown first, in this order, when present. */
const LEAD = ['command', 'file_path', 'path', 'url', 'pattern', 'description'];

/**
 * The elements showing `input` (the JSON text of the tool input); `bytes` its length when the sidecar left it out.
 * @param {string | undefined | null} input
 * @param {number | undefined | null} bytes
 * @returns {HTMLElement}
 */
export function inputView(input, bytes) {
  if (typeof input !== 'string') {
    return h('p', { class: 'ck-notice ck-error', role: 'note' },
      `This request's input is ${bytes ?? 'too many'} bytes, too long to show here, so it cannot be approved ` +
      'from this device: deny it, or answer it in the workstation\'s terminal.');
  }
  /** @type {unknown} */
  let value;
  try { value = JSON.parse(input); } catch { return field('input', input); }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return field('input', input);
  const record = /** @type {Record<string, unknown>} */ (value);
  const keys = Object.keys(record);
  const ordered = [...LEAD.filter((key) => keys.includes(key)), ...keys.filter((key) => !LEAD.includes(key))];
  const view = h('dl', { class: 'ck-input' });
  const diff = editDiff(record);
  if (diff) view.append(diff);
  for (const key of ordered) view.append(...field(key, record[key]).childNodes);
  return view;
}

/**
 * One key and its value: a string as its own text, anything else as indented JSON.
 * @param {string} key
 * @param {unknown} value
 */
function field(key, value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return h('dl', { class: 'ck-input' },
    h('dt', {}, key),
    h('dd', {}, textBlock(text, key === 'command' ? 'ck-text ck-command' : 'ck-text')));
}

/**
 * An Edit's (or MultiEdit's) change as a unified-looking diff: `-` old lines, `+` new lines, per edit.
 * @param {Record<string, unknown>} input
 * @returns {HTMLElement | null}
 */
function editDiff(input) {
  /** @type {{old_string?: unknown, new_string?: unknown}[]} */
  const edits = Array.isArray(input.edits) ? input.edits
    : typeof input.old_string === 'string' || typeof input.new_string === 'string' ? [input] : [];
  if (edits.length === 0) return null;
  const block = h('div', { class: 'ck-diff', role: 'group', 'aria-label': 'Change' });
  for (const edit of edits) {
    const pre = h('pre', { class: 'ck-text ck-diff-text' });
    for (const line of String(edit.old_string ?? '').split('\n')) pre.append(span(`- ${line}\n`, 'ck-del'));
    for (const line of String(edit.new_string ?? '').split('\n')) pre.append(span(`+ ${line}\n`, 'ck-add'));
    block.append(pre);
  }
  return h('div', {}, h('dt', {}, 'change'), h('dd', {}, block));
}
