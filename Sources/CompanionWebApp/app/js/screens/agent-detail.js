// @ts-check
/**
 * One agent session: state, what it needs (a link to its request on Attention), its terminal live as text
 * (`/ws` `terminal_output` after `subscribe_terminal`; read every 2 s with `GET …/terminal` when the connection
 * offers no subscription), input typed only after an explicit confirmation showing exactly what will be typed,
 * and removal of a session the sidecar started.
 */
import { button, can, clear, confirmAction, failure, h, notice, textBlock, unwrap, when } from './ui.js';

/** What a state means to a person. */
export const STATE_LABEL = /** @type {Record<string, string>} */ ({
  running: 'Running', needs_input: 'Needs you', idle: 'Idle', dead: 'Ended',
});

/**
 * The last part of a path (`/home/me/webshop` → `webshop`), or the text as given.
 * @param {string | undefined} path
 */
export function lastPart(path) {
  return path ? path.replace(/\/+$/, '').split('/').pop() || path : '';
}

/** Lines of the pane asked for. */
const LINES = 200;

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id the session's id
 * @returns {() => void}
 */
export function mountDetail(root, ctx, id) {
  const header = h('div', { class: 'ck-detail-head' });
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const terminal = h('pre', {
    class: 'ck-terminal ck-pane', tabindex: '0', role: 'log', 'aria-label': 'Terminal', 'aria-live': 'off',
  });
  const section = h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-agent-title' },
    h('a', { href: '#/agents', class: 'ck-back' }, '‹ Agents'), header, status, terminal);
  root.append(section);
  let disposed = false;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let poll;
  /** @type {import('./agents.js').Session | undefined} */
  let session;

  const say = (/** @type {string} */ text, /** @type {'info'|'error'|'ok'} */ kind = 'info') => {
    clear(status); status.append(notice(text, kind));
  };
  const showLines = (/** @type {string[]} */ lines) => {
    const atEnd = terminal.scrollTop + terminal.clientHeight >= terminal.scrollHeight - 8;
    clear(terminal);
    terminal.append(textBlock(lines.join('\n'), 'ck-terminal-text'));
    if (atEnd) terminal.scrollTop = terminal.scrollHeight;
  };
  const drawHeader = () => {
    if (!session) return;
    clear(header);
    const attention = session.attention;
    header.append(
      h('h2', { id: 'ck-agent-title' }, session.summary || lastPart(session.project) || session.id),
      h('p', { class: 'ck-meta' }, `${STATE_LABEL[session.state] ?? session.state} · ${session.source} · ` +
        `${session.group} · ${when(session.last_activity)}`),
      attention?.kind === 'approval' && attention.approval_id
        ? h('a', { class: 'ck-button ck-primary', href: `#/attention/${encodeURIComponent(attention.approval_id)}` },
          `Answer: ${attention.tool ?? 'tool'} request`)
        : attention ? notice(attention.kind === 'error' ? `Error: ${attention.detail ?? ''}`
          : 'Waiting for input in its terminal.') : '');
  };
  const readTerminal = async () => {
    try {
      const answer = unwrap(await ctx.api.get(`/api/sessions/${encodeURIComponent(id)}/terminal?lines=${LINES}`));
      if (!disposed) showLines(answer?.lines ?? []);
    } catch (error) {
      if (!disposed) say(failure(error, 'reading the terminal'), 'error');
    }
  };

  const load = async () => {
    try {
      session = unwrap(await ctx.api.get(`/api/sessions/${encodeURIComponent(id)}`));
    } catch (error) {
      say(failure(error, 'reading the session'), 'error');
      return;
    }
    if (disposed || !session) return;
    drawHeader();
    if (session.source !== 'tmux') {
      terminal.remove();
      say('This session runs outside the sidecar\'s tmux, so its terminal cannot be shown or typed into here.');
      return;
    }
    await readTerminal();
    subscribe();
    if (can(ctx, 'control')) section.append(inputForm(ctx, id), removeButton(ctx, id));
  };

  // The subscription lives on one `/ws` connection: made again whenever the connection opens again; while it
  // is down the terminal is read every 2 s.
  const subscribe = () => {
    if (disposed || session?.source !== 'tmux') return;
    if (ctx.events.send({ type: 'subscribe_terminal', session_id: id })) {
      if (poll !== undefined) { clearInterval(poll); poll = undefined; }
    } else if (poll === undefined) {
      poll = setInterval(readTerminal, 2000);
    }
  };
  const mine = (/** @type {any} */ message) => message?.session?.id === id;
  const offs = [
    ctx.events.on('terminal_output', (message) => { if (message?.session_id === id) showLines(message.lines ?? []); }),
    ctx.events.on('session_update', (message) => { if (mine(message)) { session = message.session; drawHeader(); } }),
    ctx.events.on('attention', (message) => { if (mine(message)) { session = message.session; drawHeader(); } }),
    ctx.events.on('connection', (change) => { if (change?.state === 'open') subscribe(); else if (change?.state === 'closed') subscribe(); }),
    ctx.events.on('removed', (message) => { if (message?.session_id === id) say('This session ended and was removed.'); }),
  ];
  load();
  return () => {
    disposed = true;
    if (poll !== undefined) clearInterval(poll);
    for (const off of offs) off();
    ctx.events.send({ type: 'unsubscribe_terminal', session_id: id });
  };
}

/**
 * Typing into the session: the text, Enter or not, and a confirmation naming both before anything is sent.
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id
 */
function inputForm(ctx, id) {
  const text = /** @type {HTMLTextAreaElement} */ (h('textarea', {
    id: 'ck-agent-input', rows: '2', autocapitalize: 'off', spellcheck: 'false', maxlength: '8192',
  }));
  const enter = /** @type {HTMLInputElement} */ (h('input', { id: 'ck-agent-enter', type: 'checkbox', checked: true }));
  const result = h('div', { 'aria-live': 'polite' });
  const send = async () => {
    clear(result);
    const value = text.value;
    if (value === '' && !enter.checked) { result.append(notice('Nothing to send: type text, or tick Enter.', 'error')); return; }
    const sure = await confirmAction('Type this into the agent?', [
      h('p', {}, enter.checked ? 'These keys, then Enter:' : 'These keys, without Enter:'),
      textBlock(value === '' ? '(no text)' : value, 'ck-text ck-command')], 'Type it');
    if (!sure) return;
    try {
      await ctx.api.post(`/api/sessions/${encodeURIComponent(id)}/input`, { text: value, enter: enter.checked });
      text.value = '';
      result.append(notice('Sent.', 'ok'));
    } catch (error) {
      result.append(notice(failure(error, 'typing into the session'), 'error'));
    }
  };
  return h('form', { class: 'ck-form', 'aria-labelledby': 'ck-agent-input-title' },
    h('h3', { id: 'ck-agent-input-title' }, 'Type into the terminal'),
    h('label', { for: 'ck-agent-input' }, 'Text'), text,
    h('label', { class: 'ck-check', for: 'ck-agent-enter' }, enter, 'Press Enter after the text'),
    button('Send…', send, { kind: 'primary', name: 'send-input' }), result);
}

/**
 * Ending the session (`DELETE /api/sessions/:id`) after a confirmation.
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id
 */
function removeButton(ctx, id) {
  const result = h('div', { 'aria-live': 'polite' });
  const remove = async () => {
    clear(result);
    const sure = await confirmAction('End this agent?',
      [h('p', {}, 'Its tmux session is killed; whatever it was doing stops.')], 'End it');
    if (!sure) return;
    try {
      await ctx.api.delete(`/api/sessions/${encodeURIComponent(id)}`);
      ctx.navigate('agents');
    } catch (error) {
      result.append(notice(failure(error, 'ending the session'), 'error'));
    }
  };
  return h('div', { class: 'ck-form' }, button('End agent…', remove, { kind: 'danger', name: 'remove-agent' }), result);
}
