// @ts-check
/**
 * The pieces the four screens (Attention, Agents, Claude Code, Tasks) share: elements built through dom.js only,
 * visible text made inert, buttons, a confirmation dialog, error text that says what to do, scopes.
 * Network text reaches the page only as text nodes made by dom.js, whose `visibleText` (the one sanitiser) also
 * makes invisible or reordering characters visible, so what a person reads is what the workstation holds.
 */
import { h as el, clear, setText as setFieldText, textNode } from '../dom.js';

export { clear };

/**
 * @typedef {{status?: number, code?: string, message?: string}} ApiErrorLike
 * @typedef {import('./common.js').ScreenContext & {route?: import('../router.js').Route}} ScreenContext
 */

/**
 * An element (dom.js), text children shown as one-line fields (dom.js passes them through `visibleText`).
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  return el(tag, props, ...children);
}

/**
 * A block of text kept whole (newlines and tabs kept, everything else visible): tool inputs, logs, transcripts.
 * @param {unknown} text
 * @param {string} [className]
 */
export function textBlock(text, className = 'ck-text') {
  return el('pre', { class: className }, textNode(text, 'block'));
}

/**
 * Replaces what `node` shows with one line of text.
 * @param {Node} node
 * @param {unknown} text
 */
export function setText(node, text) {
  setFieldText(node, text);
}

/**
 * A run of text inside a block (a diff line, a log line), newlines and tabs kept.
 * @param {unknown} text
 * @param {string} className
 */
export function span(text, className) {
  return el('span', { class: className }, textNode(text, 'block'));
}

/**
 * A button of at least 44 px (the stylesheet), disabled while its action runs.
 * @param {string} label
 * @param {(event: Event) => unknown} action
 * @param {{kind?: 'primary' | 'danger' | 'plain', name?: string}} [options]
 * @returns {HTMLButtonElement}
 */
export function button(label, action, options = {}) {
  const node = /** @type {HTMLButtonElement} */ (el('button', {
    type: 'button', class: `ck-button ck-${options.kind ?? 'plain'}`, 'data-action': options.name ?? label,
  }, label));
  node.addEventListener('click', async (event) => {
    node.disabled = true;
    try { await action(event); } finally { node.disabled = false; }
  });
  return node;
}

/**
 * A line that says what happened; errors are announced at once (`role=alert`).
 * @param {string} message
 * @param {'info' | 'error' | 'ok'} [kind]
 */
export function notice(message, kind = 'info') {
  return h('p', { class: `notice notice-${kind} ck-notice ck-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
}

/**
 * What to tell a person about a failed call: what happened and what to do next.
 * @param {unknown} error
 * @param {string} doing what the page was doing ("approving the request")
 * @returns {string}
 */
export function failure(error, doing) {
  const e = /** @type {ApiErrorLike} */ (error ?? {});
  const said = e.message ? `: ${e.message}` : '';
  if (e.status === 403) {
    return `The workstation refused ${doing}${said}. Give this device the scope on the workstation ` +
      '(companion sidecar devices scope ID …), then try again.';
  }
  if (e.status === 401) return `The workstation no longer accepts this device${said}. Pair it again.`;
  if (e.status === 404) return `Not found while ${doing}${said}. It may have ended; go back to the list.`;
  if (e.status === 409) return `Not done${said}. The list is refreshed; look again before deciding.`;
  if (e.status === 0 || e.status === undefined) {
    return `Could not reach the workstation while ${doing}${said}. Check the connection; the page retries.`;
  }
  return `Failed while ${doing} (HTTP ${e.status})${said}. Try again.`;
}

/**
 * True when the device holds `scope` (what the page offers; the workstation decides every call).
 * @param {ScreenContext} ctx
 * @param {string} scope
 */
export function can(ctx, scope) {
  return Array.isArray(ctx.device?.scopes) && ctx.device.scopes.includes(scope);
}

/**
 * The `data` of an `{success, data}` envelope, or the answer itself.
 * @param {any} answer
 */
export function unwrap(answer) {
  return answer && typeof answer === 'object' && 'success' in answer && 'data' in answer ? answer.data : answer;
}

/**
 * The route's parameters: `#/agents/ag-1` → `['ag-1']` (decoded by the router).
 * @param {ScreenContext} ctx
 * @returns {string[]}
 */
export function params(ctx) {
  return ctx.route?.params ?? [];
}

/**
 * A date as a short local time, or the text as given when it is not one.
 * @param {unknown} value
 */
export function when(value) {
  const date = new Date(String(value ?? ''));
  return Number.isNaN(date.getTime()) ? String(value ?? '') : date.toLocaleString();
}

/**
 * Asks before an action with effect; resolves to true only on the explicit confirm button.
 * @param {string} title
 * @param {Node[]} body what will happen, as the workstation will receive it
 * @param {string} confirmLabel
 * @returns {Promise<boolean>}
 */
export function confirmAction(title, body, confirmLabel) {
  return new Promise((resolve) => {
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'ck-dialog', 'aria-label': title }));
    const finish = (/** @type {boolean} */ answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    const actions = h('div', { class: 'ck-actions' },
      button('Cancel', () => finish(false), { name: 'cancel' }),
      button(confirmLabel, () => finish(true), { kind: 'primary', name: 'confirm' }));
    dialog.append(h('h2', {}, title), ...body, actions);
    dialog.addEventListener('cancel', () => finish(false));
    document.body.append(dialog);
    dialog.showModal();
  });
}
