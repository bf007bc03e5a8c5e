// The one `/ws` connection of the page: agent events (snapshot, session_update, attention, terminal_output, …),
// resumed after a drop with its sequence number and epoch (`?after=SEQ&epoch=E`), reconnected by itself with
// exponential backoff. The upgrade is signed through WebSocket subprotocols (sign.js, signedProtocols).
//
// Listeners: `events.on(type, handler)` for a message type, or one of the connection's own types:
//   "connection" {state: "connecting" | "open" | "closed", retryInMillis?}   "revoked" {reason}
import { signedProtocols } from "./sign.js";

/** The close code of a socket whose device is no longer trusted (AgentEventMessage.unauthorizedCloseCode). */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
const FIRST_RETRY_MILLIS = 500;
const LAST_RETRY_MILLIS = 30000;

/**
 * @typedef {{
 *   on: (type: string, handler: (message: any) => void) => () => void,
 *   send: (message: any) => boolean,
 *   close: () => void,
 *   readonly state: string,
 *   readonly cursor: {seq: number | null, epoch: string | null},
 * }} Events
 */

/**
 * Opens the event connection.
 * @param {import("./sign.js").Signer} signer
 * @param {{stillTrusted?: () => Promise<boolean>, webSocket?: typeof WebSocket}} [options]
 *   stillTrusted: asked after a connection failed before opening (an upgrade refused with 401 looks like any
 *   network failure to a page): false ends the connection as revoked.
 * @returns {Events}
 */
export function connect(signer, options = {}) {
  /** @type {Map<string, Set<(message: any) => void>>} */
  const handlers = new Map();
  /** @type {{seq: number | null, epoch: string | null}} */
  const cursor = { seq: null, epoch: null };
  /** @type {WebSocket | null} */
  let socket = null;
  let state = "connecting";
  let failures = 0;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  const SocketClass = options.webSocket ?? WebSocket;

  /**
   * @param {string} type
   * @param {any} message
   */
  function emit(type, message) {
    for (const handler of handlers.get(type) ?? []) {
      try {
        handler(message);
      } catch (error) {
        console.error("event handler failed", type, error);
      }
    }
  }

  /** @param {string} next */
  function setState(next, extra = {}) {
    state = next;
    emit("connection", { state: next, ...extra });
  }

  /** @param {string} reason */
  function revoked(reason) {
    stopped = true;
    setState("closed");
    emit("revoked", { reason });
  }

  async function open() {
    if (stopped) return;
    setState("connecting");
    const query = cursor.seq !== null && cursor.epoch !== null
      ? `?after=${cursor.seq}&epoch=${encodeURIComponent(cursor.epoch)}`
      : "";
    const path = "/ws" + query;
    const url = new URL(path, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let opened = false;
    try {
      socket = new SocketClass(url.href, await signedProtocols(signer, path));
    } catch (error) {
      schedule();
      return;
    }
    socket.onopen = () => {
      opened = true;
      failures = 0;
      setState("open");
    };
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (typeof message.seq === "number" && message.type !== "terminal_output") cursor.seq = message.seq;
      if (typeof message.epoch === "string") cursor.epoch = message.epoch;
      emit(String(message.type), message);
    };
    socket.onclose = async (event) => {
      socket = null;
      if (stopped) return;
      if (event.code === UNAUTHORIZED_CLOSE_CODE) {
        revoked(event.reason || "this device is no longer trusted (revoked)");
        return;
      }
      if (!opened && options.stillTrusted && (await options.stillTrusted()) === false) {
        revoked("this device is no longer trusted (revoked)");
        return;
      }
      schedule();
    };
  }

  function schedule() {
    if (stopped) return;
    failures += 1;
    const ceiling = Math.min(LAST_RETRY_MILLIS, FIRST_RETRY_MILLIS * 2 ** Math.min(failures - 1, 10));
    const retryInMillis = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    setState("closed", { retryInMillis });
    timer = setTimeout(() => {
      timer = null;
      open();
    }, retryInMillis);
  }

  // Back online or back to the foreground: try at once instead of waiting for the backoff.
  const retryNow = () => {
    if (stopped || socket || timer === null) return;
    clearTimeout(timer);
    timer = null;
    open();
  };
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") retryNow();
  });

  open();
  return {
    on(type, handler) {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)?.add(handler);
      return () => handlers.get(type)?.delete(handler);
    },
    send(message) {
      if (!socket || socket.readyState !== SocketClass.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close(1000, "closed by the page");
      socket = null;
    },
    get state() {
      return state;
    },
    get cursor() {
      return { ...cursor };
    },
  };
}
