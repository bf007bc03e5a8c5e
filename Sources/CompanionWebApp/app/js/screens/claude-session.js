// @ts-check
/**
 * One Claude Code session: its transcript paged from the end (`GET /api/v1/sessions/:id/messages?limit&offset`,
 * offset counted back from the newest message; "Earlier messages" loads the page before), a chat box that
 * continues it (Claude Code's `--resume`; claude-chat.js streams the answer and cancels it), and Fork (a new
 * session with the same history). A session started outside the sidecar is read-only: fork it to continue.
 */
import { startChat } from './claude-chat.js';
import { button, can, clear, failure, h, notice, textBlock, unwrap, when } from './ui.js';

/** Messages per page. */
const PAGE = 50;

/**
 * @typedef {{id: string, role: string, content: string, toolCalls?: string, toolResults?: string,
 *   createdAt: string}} Message
 */

/**
 * @param {HTMLElement} root
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} id
 * @returns {() => void}
 */
export function mountSession(root, ctx, id) {
  const path = `/api/v1/sessions/${encodeURIComponent(id)}`;
  const head = h('div', { class: 'ck-detail-head' }, h('h2', { id: 'ck-session-title' }, 'Session'));
  const status = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  const earlier = h('div', { class: 'ck-earlier' });
  const transcript = h('ol', { class: 'ck-transcript', 'aria-label': 'Transcript' });
  const composer = h('div', { class: 'ck-composer' });
  root.append(h('section', { class: 'ck-screen', 'aria-labelledby': 'ck-session-title' },
    h('a', { href: '#/claude', class: 'ck-back' }, '‹ Claude Code'), head, status, earlier, transcript, composer));
  const controller = new AbortController();
  let offset = 0;

  const say = (/** @type {string} */ text, /** @type {'info'|'error'|'ok'} */ kind = 'info') => {
    clear(status); status.append(notice(text, kind));
  };

  const loadPage = async () => {
    let answer;
    try {
      answer = unwrap(await ctx.api.get(`${path}/messages?limit=${PAGE}&offset=${offset}`));
    } catch (error) {
      say(failure(error, 'reading the transcript'), 'error');
      return;
    }
    if (controller.signal.aborted) return;
    const messages = /** @type {Message[]} */ (answer?.items ?? []);
    transcript.prepend(...messages.map(messageItem));
    offset += messages.length;
    clear(earlier);
    if (offset < (answer?.total ?? 0)) {
      earlier.append(button(`Earlier messages (${answer.total - offset} more)`, loadPage, { name: 'earlier' }));
    }
  };

  const fork = async () => {
    try {
      const copy = unwrap(await ctx.api.post(`${path}/fork`));
      ctx.navigate('claude', 'session', copy.id);
    } catch (error) {
      say(failure(error, 'forking the session'), 'error');
    }
  };

  (async () => {
    let session;
    try {
      session = unwrap(await ctx.api.get(path));
    } catch (error) {
      say(failure(error, 'reading the session'), 'error');
      return;
    }
    if (controller.signal.aborted) return;
    clear(head);
    head.append(h('h2', { id: 'ck-session-title' }, session.name || session.firstPrompt || 'Session'),
      h('p', { class: 'ck-meta' }, `${session.projectName ?? ''} · ${session.model} · ${session.status} · ` +
        `${session.source}${session.totalCostUSD ? ` · $${Number(session.totalCostUSD).toFixed(4)}` : ''}`));
    if (can(ctx, 'chat')) head.append(button('Fork', fork, { name: 'fork' }));
    await loadPage();
    transcript.lastElementChild?.scrollIntoView({ block: 'end' });
    if (!can(ctx, 'chat')) {
      composer.append(notice('This device may read but not chat: chatting needs the chat scope.'));
    } else if (session.source === 'external') {
      composer.append(notice('Started outside the sidecar, so read-only here: fork it to continue the conversation.'));
    } else {
      composer.append(startChat(ctx, id, transcript, controller.signal));
    }
  })();
  return () => controller.abort();
}

/**
 * One message as text: its role, its text, its tool calls and results as the JSON the workstation gave.
 * @param {Message} message
 * @returns {HTMLElement}
 */
export function messageItem(message) {
  return h('li', { class: `ck-message ck-${message.role}` },
    h('p', { class: 'ck-meta' }, `${message.role} · ${when(message.createdAt)}`),
    message.content ? textBlock(message.content) : '',
    message.toolCalls ? h('details', {}, h('summary', {}, 'Tool calls'), textBlock(message.toolCalls)) : '',
    message.toolResults ? h('details', {}, h('summary', {}, 'Tool results'), textBlock(message.toolResults)) : '');
}
