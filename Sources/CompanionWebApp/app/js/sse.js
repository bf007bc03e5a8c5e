// A Server-Sent Events parser for a fetch body (the chat stream is a POST, which EventSource cannot send).

/**
 * @typedef {{event: string, data: any, id: string | null}} StreamEvent
 */

/**
 * Reads `body` as an event stream and calls `onEvent` for each event; `data` is parsed as JSON when it is JSON.
 * Comment lines (`: keep-alive`) are skipped. Resolves at the end of the stream.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(event: StreamEvent) => void} onEvent
 */
export async function readEventStream(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  /** @type {{event: string, data: string[], id: string | null}} */
  let current = { event: "message", data: [], id: null };
  const dispatch = () => {
    if (current.data.length > 0) {
      const text = current.data.join("\n");
      let data = text;
      try {
        data = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      onEvent({ event: current.event, data, id: current.id });
    }
    current = { event: "message", data: [], id: null };
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline;
    while ((newline = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(buffer[newline] === "\r" ? newline + 2 : newline + 1);
      if (line === "") {
        dispatch();
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") current.event = text;
      else if (field === "data") current.data.push(text);
      else if (field === "id") current.id = text;
    }
  }
  dispatch();
}
