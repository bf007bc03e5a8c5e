// @ts-check
/**
 * Agents: every agent session on the workstation with its state and what it needs, kept live by `/ws`
 * (`snapshot`, `session_update`, `attention`, `removed`); starting one in a project directory (`control`).
 * `#/agents/<id>` is one session (agent-detail.js): its terminal, input, removal.
 */
import { STATE_LABEL, lastPart, mountDetail } from './agent-detail.js';
import { button, can, clear, failure, h, notice, params, unwrap, when } from './ui.js';

/**
 * @typedef {{kind: string, tool?: string, approval_id?: string, detail?: string}} Attention
 * @typedef {{id: string, source: string, state: string, attention?: Attention | null, project?: string,
 *   group: string, last_activity: string, summary?: string, tmux_session?: string}} Session
 */

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @returns {() => void}
 */
export function mount(root, ctx) {
  const [id] = params(ctx);
  if (id) return mountDetail(root, ctx, id);
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'ck-list', 'aria-label': 'Agent sessions' });
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-agents-title' },
    h('h2', { id: 'ck-agents-title' }, 'Agents'), status, list, can(ctx, 'control') ? startForm(ctx) : ''));

  /** @type {Map<string, Session>} */
  const sessions = new Map();
  let disposed = false;

  const draw = () => {
    clear(list);
    const ordered = [...sessions.values()].sort((a, b) =>
      Number(Boolean(b.attention)) - Number(Boolean(a.attention)) ||
      String(b.last_activity).localeCompare(String(a.last_activity)));
    for (const session of ordered) list.append(row(session));
    clear(status);
    if (ordered.length === 0) status.append(notice('No agent session on the workstation.'));
  };

  const load = async () => {
    try {
      const answer = unwrap(await ctx.api.get('/api/sessions'));
      if (disposed) return;
      sessions.clear();
      for (const session of answer?.items ?? []) sessions.set(session.id, session);
      draw();
    } catch (error) {
      if (!disposed) { clear(status); status.append(notice(failure(error, 'listing the agents'), 'error')); }
    }
  };

  const offs = [
    ctx.events.on('snapshot', (message) => {
      sessions.clear();
      for (const session of message?.sessions ?? []) sessions.set(session.id, session);
      draw();
    }),
    ctx.events.on('session_update', (message) => { if (message?.session) { sessions.set(message.session.id, message.session); draw(); } }),
    ctx.events.on('attention', (message) => { if (message?.session) { sessions.set(message.session.id, message.session); draw(); } }),
    ctx.events.on('removed', (message) => { if (sessions.delete(message?.session_id)) draw(); }),
  ];
  load();
  return () => { disposed = true; for (const off of offs) off(); };
}

/**
 * One session as a link to its page.
 * @param {Session} session
 */
function row(session) {
  const needs = session.attention
    ? session.attention.kind === 'approval' ? `Approve ${session.attention.tool ?? 'a tool'}?`
      : session.attention.kind === 'error' ? 'Error' : 'Waiting for input'
    : '';
  const name = session.summary || lastPart(session.project) || lastPart(session.group) || session.id;
  return h('li', { class: 'ck-row' },
    h('a', { href: `#/agents/${encodeURIComponent(session.id)}`, class: 'ck-row-link' },
      h('span', { class: 'ck-row-title' }, name),
      h('span', { class: `ck-badge ck-state-${session.state}` }, STATE_LABEL[session.state] ?? session.state),
      needs ? h('span', { class: 'ck-badge ck-attention' }, needs) : '',
      h('span', { class: 'ck-meta' }, `${session.source} · ${session.group} · ${when(session.last_activity)}`)));
}

/**
 * Starting an agent (`POST /api/sessions`): `claude` in a tmux session, in an absolute project directory.
 * @param {import('./ui.js').ScreenContext} ctx
 */
function startForm(ctx) {
  const input = /** @type {HTMLInputElement} */ (h('input', {
    id: 'ck-agent-project', name: 'project', type: 'text', required: true, autocomplete: 'off',
    autocapitalize: 'off', spellcheck: 'false', placeholder: '/home/me/project', inputmode: 'url',
  }));
  const result = h('div', { 'aria-live': 'polite' });
  const start = async () => {
    clear(result);
    const project = input.value.trim();
    if (!project.startsWith('/')) {
      result.append(notice('Give the project as an absolute directory on the workstation, e.g. /home/me/app.', 'error'));
      return;
    }
    try {
      const session = unwrap(await ctx.api.post('/api/sessions', { project }));
      ctx.navigate('agents', session.id);
    } catch (error) {
      result.append(notice(failure(error, 'starting the agent'), 'error'));
    }
  };
  return h('form', { class: 'ck-form', 'aria-labelledby': 'ck-agent-start' },
    h('h3', { id: 'ck-agent-start' }, 'Start an agent'),
    h('label', { for: 'ck-agent-project' }, 'Project directory on the workstation'),
    input, button('Start claude', start, { kind: 'primary', name: 'start-agent' }), result);
}
