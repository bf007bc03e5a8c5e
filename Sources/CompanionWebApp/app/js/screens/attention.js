// @ts-check
/**
 * Attention: every permission request the workstation holds for a device, with its tool and whole input as text,
 * and Approve, Deny, Always, each sending the digest of the request as shown (the sidecar refuses any other with
 * 409, so a decision applies only to what was read). Answered requests leave the list on every paired device:
 * the `/ws` events (`attention`, `session_update`, `removed`, `snapshot`) make it read `GET /api/attention` again.
 * `#/attention/<approval id>` (a notification's link) brings that request to the top and says when it is gone.
 */
import { inputView } from './attention-input.js';
import { button, can, clear, confirmAction, failure, h, notice, params, unwrap, when } from './ui.js';

/** Event types after which the held requests may have changed. */
const CHANGES = ['attention', 'session_update', 'removed', 'snapshot'];

/**
 * @typedef {{approval_id: string, session_id: string, tool?: string, input_summary?: string, project?: string,
 *   since: string, digest?: string, input?: string, input_bytes?: number, always_rules?: string[]}} Approval
 */

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  const [wanted] = params(ctx);
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const outcome = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'ck-cards', 'aria-label': 'Held permission requests' });
  const intro = can(ctx, 'control') ? null : notice('This device may watch but not answer: approving needs the ' +
    'control scope (on the workstation: companion sidecar devices scope ID read,control).');
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-attention-title' },
    h('h2', { id: 'ck-attention-title' }, 'Attention'), intro ?? '', outcome, status, list));

  /** @type {Map<string, HTMLElement>} cards by approval id, kept across refreshes (focus, scroll) */
  const cards = new Map();
  let disposed = false;
  let pending = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
  let first = true;

  const say = (/** @type {HTMLElement} */ line) => { clear(status); status.append(line); };

  async function refresh() {
    pending = undefined;
    let approvals;
    try {
      approvals = /** @type {Approval[]} */ (unwrap(await ctx.api.get('/api/attention'))?.approvals ?? []);
    } catch (error) {
      if (!disposed) say(notice(failure(error, 'reading the held requests'), 'error'));
      return;
    }
    if (disposed) return;
    const ids = new Set(approvals.map((approval) => approval.approval_id));
    for (const [id, card] of cards) {
      if (!ids.has(id)) { card.remove(); cards.delete(id); }
    }
    for (const approval of approvals) {
      if (!cards.has(approval.approval_id)) {
        const card = renderCard(approval);
        cards.set(approval.approval_id, card);
        if (approval.approval_id === wanted) list.prepend(card); else list.append(card);
      }
    }
    clear(status);
    if (cards.size === 0) status.append(notice('Nothing needs you: no permission request is held.', 'ok'));
    if (first && wanted) {
      const card = cards.get(wanted);
      if (card) { card.classList.add('ck-focused'); card.scrollIntoView({ block: 'start' }); card.focus(); }
      else say(notice(`Request ${wanted} is no longer held: answered on another device, or it timed out ` +
        '(the question is then in the workstation\'s terminal).'));
    }
    first = false;
  }

  function schedule() {
    if (!disposed && pending === undefined) pending = setTimeout(refresh, 50);
  }

  /**
   * @param {Approval} approval
   * @returns {HTMLElement}
   */
  function renderCard(approval) {
    const rules = approval.always_rules ?? [];
    const shownInput = typeof approval.input === 'string';
    const result = h('div', { class: 'ck-card-result', 'aria-live': 'assertive' });
    const card = h('li', { class: 'ck-card', tabindex: '-1', 'data-approval': approval.approval_id },
      h('h3', { class: 'ck-card-title' }, approval.tool ?? 'Tool'),
      h('p', { class: 'ck-meta' }, `${approval.project ?? 'unknown project'} · since ${when(approval.since)}`),
      inputView(approval.input, approval.input_bytes),
      rules.length ? h('p', { class: 'ck-meta' }, `Always keeps for this session: ${rules.join(', ')}`) : '',
      h('p', { class: 'ck-meta ck-digest' }, `Digest ${approval.digest ?? '(none)'} · ${approval.approval_id}`),
      result);
    if (!can(ctx, 'control')) return card;

    /**
     * @param {'approve' | 'deny'} verb
     * @param {boolean} always
     */
    const decide = async (verb, always) => {
      const body = verb === 'approve' ? { digest: approval.digest, always } : { digest: approval.digest };
      clear(result);
      try {
        await ctx.api.post(`/api/approvals/${encodeURIComponent(approval.approval_id)}/${verb}`, body);
      } catch (error) {
        result.append(notice(failure(error, `${verb === 'deny' ? 'denying' : 'approving'} the request`), 'error'));
        schedule();
        return;
      }
      card.remove();
      cards.delete(approval.approval_id);
      const done = verb === 'deny' ? 'Denied' : always ? 'Approved, always for this session,' : 'Approved';
      clear(outcome);
      outcome.append(notice(`${done}: ${approval.tool ?? 'tool'} in ${approval.project ?? 'unknown project'}.`, 'ok'));
      schedule();
    };
    const actions = h('div', { class: 'ck-actions' });
    if (shownInput) actions.append(button('Approve', () => decide('approve', false), { kind: 'primary', name: 'approve' }));
    actions.append(button('Deny', () => decide('deny', false), { kind: 'danger', name: 'deny' }));
    if (shownInput && rules.length) {
      actions.append(button('Always', async () => {
        const sure = await confirmAction('Allow for the rest of this session?',
          [h('p', {}, 'Claude Code will run these without asking again in this session:'),
            ...rules.map((rule) => h('p', { class: 'ck-rule' }, rule))], 'Always allow');
        if (sure) await decide('approve', true);
      }, { name: 'always' }));
    }
    card.append(actions);
    return card;
  }

  const unsubscribe = CHANGES.map((type) => ctx.events.on(type, schedule));
  refresh();
  return () => {
    disposed = true;
    if (pending !== undefined) clearTimeout(pending);
    for (const off of unsubscribe) off();
  };
}
