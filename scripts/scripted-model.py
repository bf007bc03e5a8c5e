#!/usr/bin/env python3
"""A stand-in for Anthropic's Messages API on loopback, for the demo and the chat benchmark (no network, no key).

Answers POST /v1/messages with the Messages API's SSE events (message_start, content_block_start, text_delta
content_block_delta events, content_block_stop, message_delta, message_stop) or, without "stream", one JSON
message; POST /v1/messages/count_tokens with a count; HEAD with 200. The answer is --reply (default: which prompt
of the conversation this is, so a resumed session shows that the earlier turns were sent, and the prompt itself), in --pieces deltas with --delay seconds between them. Prints "listening on PORT" once
bound (--port 0 picks a free port). Point `claude` at it with ANTHROPIC_BASE_URL=http://127.0.0.1:PORT and
ANTHROPIC_API_KEY set to anything.

With --bash 'PROMPT=COMMAND' (repeatable) the prompt PROMPT is answered with a call of the Bash tool running COMMAND
(so the real interactive `claude` asks for permission first in its default mode), and the turn that carries the
tool's result, whatever it was, with "Done.". --bash-file FILE does the same with the JSON object {PROMPT: COMMAND}
in FILE, read again at every request (so a test can add rules while the model runs).

  scripts/scripted-model.py --port 0 [--reply TEXT] [--pieces N] [--delay S] [--bash PROMPT=COMMAND]
                            [--bash-file FILE]
"""
import argparse
import json
import sys
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def last_user_text(body):
    for message in reversed(body.get("messages", [])):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        texts = [block.get("text", "") for block in content if block.get("type") == "text"]
        texts = [t for t in texts if not t.startswith("<system-reminder>")]
        if texts:
            return texts[-1]
    return ""


def user_turns(body):
    """The number of user prompts in the conversation (tool results and reminders are not prompts)."""
    count = 0
    for message in body.get("messages", []):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            count += 1
        elif any(b.get("type") == "text" and not b.get("text", "").startswith("<system-reminder>") for b in content):
            count += 1
    return count


def answers_tool_use(body):
    """True when the last user message carries a tool's result (the turn after a tool call)."""
    for message in reversed(body.get("messages", [])):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        return isinstance(content, list) and any(b.get("type") == "tool_result" for b in content)
    return False


def pieces_of(text, count):
    size = max(1, -(-len(text) // max(1, count)))
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    options = None

    def log_message(self, *_):
        pass

    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self.reply_json(404, {"type": "error", "error": {"type": "not_found_error", "message": "not found"}})

    def reply_json(self, status, value):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def event(self, name, value):
        self.wfile.write(f"event: {name}\ndata: {json.dumps(value)}\n\n".encode())
        self.wfile.flush()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path.startswith("/v1/messages/count_tokens"):
            return self.reply_json(200, {"input_tokens": 10})
        if not self.path.startswith("/v1/messages"):
            return self.reply_json(404, {"type": "error", "error": {"type": "not_found_error", "message": "?"}})
        options = Handler.options
        commands = dict(rule.split("=", 1) for rule in options.bash)
        if options.bash_file:
            try:
                with open(options.bash_file, encoding="utf-8") as file:
                    commands.update(json.load(file))
            except FileNotFoundError:
                pass
        if commands and answers_tool_use(body):
            return self.answer(body, "Done.", 1, 0.0, None)
        command = commands.get(last_user_text(body))
        if command is not None:
            return self.answer(body, "", 1, 0.0, command)
        turns = user_turns(body)
        text = options.reply if options.reply is not None else (
            f"This is prompt {turns} of our conversation"
            + (f" (I was sent the {turns - 1} before it too)" if turns > 1 else "")
            + f". You said: {last_user_text(body)}")
        return self.answer(body, text, options.pieces, options.delay, None)

    def answer(self, body, text, pieces, delay, command):
        """Text in `pieces` deltas `delay` seconds apart, then a Bash call of `command` when given."""
        model = body.get("model", "claude-scripted")
        message = {"id": "msg_" + uuid.uuid4().hex[:20], "type": "message", "role": "assistant", "model": model,
                   "content": [], "stop_reason": None, "stop_sequence": None,
                   "usage": {"input_tokens": 10, "output_tokens": 1}}
        tool = {"type": "tool_use", "id": "toolu_" + uuid.uuid4().hex[:20], "name": "Bash",
                "input": {"command": command, "description": "Run the command"}} if command is not None else None
        if not body.get("stream"):
            content = ([{"type": "text", "text": text}] if text else []) + ([tool] if tool else [])
            message.update(content=content, stop_reason="tool_use" if tool else "end_turn")
            return self.reply_json(200, message)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.event("message_start", {"type": "message_start", "message": message})
        index = 0
        if text or not tool:
            self.event("content_block_start",
                       {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
            for number, piece in enumerate(pieces_of(text, pieces)):
                if number and delay:
                    time.sleep(delay)
                self.event("content_block_delta", {"type": "content_block_delta", "index": 0,
                                                   "delta": {"type": "text_delta", "text": piece}})
            self.event("content_block_stop", {"type": "content_block_stop", "index": 0})
            index = 1
        if tool:
            self.event("content_block_start", {"type": "content_block_start", "index": index,
                                               "content_block": dict(tool, input={})})
            self.event("content_block_delta", {"type": "content_block_delta", "index": index,
                                               "delta": {"type": "input_json_delta",
                                                         "partial_json": json.dumps(tool["input"])}})
            self.event("content_block_stop", {"type": "content_block_stop", "index": index})
        self.event("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use" if tool else "end_turn",
                                     "stop_sequence": None}, "usage": {"output_tokens": pieces}})
        self.event("message_stop", {"type": "message_stop"})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--reply")
    parser.add_argument("--pieces", type=int, default=8)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--bash", action="append", default=[], metavar="PROMPT=COMMAND")
    parser.add_argument("--bash-file", metavar="FILE")
    Handler.options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", Handler.options.port), Handler)
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
