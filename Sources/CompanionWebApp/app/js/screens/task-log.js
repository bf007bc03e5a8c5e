// @ts-check
/**
 * Follows a task's log as `companion logs --follow` does: the log WebSocket (`/v1/tasks/:id/logs?after=C`,
 * `{"type":"ready"}`, then `lines` messages and `end`) while it is open; when it cannot be opened or drops, the
 * tail is polled by cursor every second (`GET /v1/tasks/:id/logs/tail?after=C`) and the WebSocket retried with a
 * backoff from 0.5 s to 8 s. Lines are asked for by cursor, so no line is lost or shown twice across switches.
 */
import { signedProtocols } from '../sign.js';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * @typedef {{cursor: number, stream: string, timestamp: string, text: string}} LogLine
 * @typedef {{
 *   lines(lines: LogLine[]): void,
 *   end(status: string, exitCode: number | null | undefined): void,
 *   transport(kind: 'websocket' | 'polling'): void,
 *   problem(error: unknown): void
 * }} LogSink
 */

/**
 * The log WebSocket, its upgrade signed (a browser sets no headers on one: the signature rides in subprotocols).
 * @param {import('../api.js').Api} api
 * @param {string} path
 * @returns {Promise<WebSocket>}
 */
async function openLogSocket(api, path) {
  const url = new URL(path, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocket(url.href, await signedProtocols(api.signer, path));
}

/**
 * @param {import('../api.js').Api} api
 * @param {string} taskId
 * @param {LogSink} sink
 * @returns {() => void} stops following
 */
export function followLog(api, taskId, sink) {
  const base = `/v1/tasks/${encodeURIComponent(taskId)}/logs`;
  let cursor = 0;
  let stopped = false;
  let ended = false;
  let backoff = 500;
  /** @type {WebSocket | undefined} */
  let socket;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pollTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retryTimer;

  /** @param {LogLine[]} lines */
  const take = (lines) => {
    const fresh = lines.filter((line) => line.cursor > cursor);
    if (fresh.length === 0) return;
    cursor = fresh[fresh.length - 1].cursor;
    sink.lines(fresh);
  };
  /** @param {string} status @param {number | null | undefined} code */
  const finish = (status, code) => {
    if (ended) return;
    ended = true;
    stop();
    sink.end(status, code);
  };

  const poll = async () => {
    pollTimer = undefined;
    if (stopped) return;
    let more = false;
    try {
      const answer = await api.get(`${base}/tail?after=${cursor}&limit=500`);
      take(answer?.lines ?? []);
      more = Boolean(answer?.has_more);
      if (FINISHED.has(answer?.status) && !more) { finish(answer.status, answer.exit_code); return; }
    } catch (error) {
      sink.problem(error);
    }
    if (!stopped && !socket) pollTimer = setTimeout(poll, more ? 0 : 1000);
  };

  const startPolling = () => {
    if (stopped || pollTimer !== undefined) return;
    sink.transport('polling');
    pollTimer = setTimeout(poll, 0);
  };

  const openSocket = async () => {
    retryTimer = undefined;
    if (stopped) return;
    /** @type {WebSocket} */
    let ws;
    try {
      ws = await openLogSocket(api, `${base}?after=${cursor}`);
    } catch {
      startPolling();
      retryTimer = setTimeout(openSocket, backoff);
      backoff = Math.min(backoff * 2, 8000);
      return;
    }
    if (stopped) { ws.close(); return; }
    socket = ws;
    const opened = () => {
      ws.send(JSON.stringify({ type: 'ready' }));
      backoff = 500;
      if (pollTimer !== undefined) { clearTimeout(pollTimer); pollTimer = undefined; }
      sink.transport('websocket');
    };
    if (ws.readyState === WebSocket.OPEN) opened(); else ws.addEventListener('open', opened);
    ws.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(String(event.data)); } catch { return; }
      if (message?.type === 'lines') take(message.lines ?? []);
      else if (message?.type === 'end') finish(message.status, message.exit_code);
    });
    ws.addEventListener('close', () => {
      if (socket === ws) socket = undefined;
      if (stopped || ended) return;
      startPolling();
      retryTimer = setTimeout(openSocket, backoff);
      backoff = Math.min(backoff * 2, 8000);
    });
  };

  function stop() {
    stopped = true;
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    socket?.close();
  }

  openSocket();
  return stop;
}
