// @ts-check
/**
 * The chat box of a session: `POST /api/v1/chat/stream` (Server-Sent Events) with the session's id, so each
 * message resumes the conversation; the answer grows as `streamEvent` text deltas arrive, is replaced by the
 * whole `assistant` message, ends with `result` (turns, cost) or `error`, then `done`. Stop asks the
 * workstation to cancel the run (`POST /api/v1/chat/cancel/:id`: the run is interrupted, the partial answer
 * kept); leaving the page only stops reading, the run goes on.
 */
import { button, clear, failure, h, notice, span } from './ui.js';

/**
 * @param {import('./ui.js').ScreenContext} ctx
 * @param {string} sessionId
 * @param {HTMLElement} transcript where the exchange is appended
 * @param {AbortSignal} pageSignal aborted when the page goes
 * @returns {HTMLElement}
 */
export function startChat(ctx, sessionId, transcript, pageSignal) {
  const prompt = /** @type {HTMLTextAreaElement} */ (h('textarea', {
    id: 'ck-chat-prompt', rows: '3', placeholder: 'Message Claude', 'aria-label': 'Message',
  }));
  const result = h('div', { class: 'ck-status', 'aria-live': 'polite' });
  /** @type {AbortController | undefined} */
  let running;

  const stop = button('Stop', async () => {
    try {
      await ctx.api.post(`/api/v1/chat/cancel/${encodeURIComponent(sessionId)}`);
    } catch (error) {
      clear(result); result.append(notice(failure(error, 'stopping the answer'), 'error'));
    }
  }, { kind: 'danger', name: 'cancel-chat' });
  stop.hidden = true;

  const send = async () => {
    const text = prompt.value;
    if (!text.trim() || running) return;
    clear(result);
    transcript.append(h('li', { class: 'ck-message ck-user' }, h('pre', { class: 'ck-text' }, span(text, 'ck-said'))));
    const body = h('pre', { class: 'ck-text', 'aria-busy': 'true' });
    const answer = h('li', { class: 'ck-message ck-assistant ck-streaming' }, body);
    transcript.append(answer);
    prompt.value = '';
    running = new AbortController();
    const signal = running.signal;
    pageSignal.addEventListener('abort', () => running?.abort(), { once: true });
    stop.hidden = false;
    let streamed = '';
    /** @param {any} event */
    const onEvent = (event) => {
      const type = event?.event ?? event?.type;
      const data = typeof event?.data === 'string' ? safeParse(event.data) : event?.data ?? event;
      if (type === 'streamEvent' && data?.delta?.type === 'textDelta') {
        streamed += data.delta.text ?? '';
        clear(body); body.append(span(streamed, 'ck-said'));
      } else if (type === 'assistant') {
        const text = (data?.content ?? []).filter((/** @type {any} */ b) => b?.type === 'text')
          .map((/** @type {any} */ b) => b.text).join('');
        if (text) { streamed = text; clear(body); body.append(span(streamed, 'ck-said')); }
        for (const block of data?.content ?? []) {
          if (block?.type === 'toolUse') answer.append(h('p', { class: 'ck-meta' }, `Tool: ${block.name}`));
        }
      } else if (type === 'result') {
        const cost = typeof data?.totalCostUSD === 'number' ? ` · $${data.totalCostUSD.toFixed(4)}` : '';
        answer.append(h('p', { class: 'ck-meta' },
          `${data?.isError ? 'Ended with an error' : 'Done'}: ${data?.subtype ?? ''}${cost}`));
      } else if (type === 'error') {
        answer.append(notice(`The answer failed: ${data?.message ?? 'unknown error'}.`, 'error'));
      }
      answer.scrollIntoView({ block: 'end' });
    };
    try {
      await ctx.api.stream('/api/v1/chat/stream', { prompt: text, sessionId }, onEvent, signal);
    } catch (error) {
      if (!signal.aborted) result.append(notice(failure(error, 'chatting'), 'error'));
    } finally {
      body.removeAttribute('aria-busy');
      answer.classList.remove('ck-streaming');
      running = undefined;
      stop.hidden = true;
    }
  };

  const form = h('form', { class: 'ck-form ck-chat', 'aria-label': 'Chat' }, prompt,
    h('div', { class: 'ck-actions' }, button('Send', send, { kind: 'primary', name: 'send-chat' }), stop), result);
  form.addEventListener('submit', (event) => { event.preventDefault(); send(); });
  return form;
}

/**
 * @param {string} text
 * @returns {any}
 */
function safeParse(text) {
  try { return JSON.parse(text); } catch { return null; }
}
