// Signed calls to the sidecar that served this page (same origin): every request carries the four signed
// headers (sign.js), answers are parsed JSON, failures an ApiError.
import { signedHeaders } from "./sign.js";
import { readEventStream } from "./sse.js";
import { utf8 } from "./encoding.js";

/** A refused or failed call: the HTTP status (0 when the workstation could not be reached), the sidecar's code. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }

  /** True when the workstation could not be reached at all. */
  get unreachable() {
    return this.status === 0;
  }
}

/**
 * @typedef {import("./sign.js").Signer} Signer
 * @typedef {import("./sse.js").StreamEvent} StreamEvent
 * @typedef {{
 *   get: (path: string) => Promise<any>,
 *   post: (path: string, body?: any) => Promise<any>,
 *   put: (path: string, body?: any) => Promise<any>,
 *   delete: (path: string) => Promise<any>,
 *   stream: (path: string, body: any, onEvent: (event: StreamEvent) => void, signal?: AbortSignal) => Promise<void>,
 *   signer: Signer,
 * }} Api
 */

/**
 * The error of a failed answer, from either error shape the sidecar uses (`{ok:false,error:{code,message}}`,
 * `{success:false,error:{code,message}}`).
 * @param {Response} response
 * @returns {Promise<ApiError>}
 */
async function errorOf(response) {
  let code = `http_${response.status}`;
  let message = `the workstation answered ${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    const error = body && body.error;
    if (error && typeof error === "object") {
      if (typeof error.code === "string") code = error.code;
      if (typeof error.message === "string") message = error.message;
    } else if (typeof error === "string") {
      message = error;
    }
  } catch {
    // not JSON: the status says enough
  }
  return new ApiError(response.status, code, message);
}

/**
 * An API client signing with `signer`.
 * @param {Signer} signer
 * @param {{onUnauthorized?: (error: ApiError) => void}} [hooks] called on every 401 (a revoked device)
 * @returns {Api}
 */
export function createApi(signer, hooks = {}) {
  /**
   * @param {string} method
   * @param {string} path path and query, as sent
   * @param {any} [body]
   * @param {string} [accept]
   * @param {AbortSignal} [signal]
   */
  async function send(method, path, body, accept = "application/json", signal) {
    const bytes = body === undefined ? new Uint8Array() : utf8(JSON.stringify(body));
    /** @type {{[name: string]: string}} */
    const headers = { Accept: accept, ...(await signedHeaders(signer, method, path, bytes)) };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : bytes,
        cache: "no-store",
        credentials: "omit",
        redirect: "error",
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, "unreachable", "the workstation cannot be reached");
    }
    if (!response.ok) {
      const error = await errorOf(response);
      if (response.status === 401 && hooks.onUnauthorized) hooks.onUnauthorized(error);
      throw error;
    }
    return response;
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {any} [body]
   */
  async function json(method, path, body) {
    const response = await send(method, path, body);
    if (response.status === 204) return null;
    const text = await response.text();
    return text === "" ? null : JSON.parse(text);
  }

  return {
    get: (path) => json("GET", path),
    post: (path, body) => json("POST", path, body),
    put: (path, body) => json("PUT", path, body),
    delete: (path) => json("DELETE", path),
    async stream(path, body, onEvent, signal) {
      const response = await send("POST", path, body, "text/event-stream", signal);
      if (!response.body) return;
      await readEventStream(response.body, onEvent);
    },
    signer,
  };
}
