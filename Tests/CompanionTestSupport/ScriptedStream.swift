import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one scripted Messages API answer: the SSE events of a streamed message, or one JSON message.
struct ScriptedStream {
    let writer: SSEWriter
    let endpoint: ScriptedModelEndpoint
    let messageID: String
    let model: String

    func answer(_ reply: ScriptedModelReply, streaming: Bool) {
        if case .status(let code) = reply.failure {
            let type = code == 529 ? "overloaded_error" : code == 429 ? "rate_limit_error" : "api_error"
            writer.json(status: code, #"{"type":"error","error":{"type":"\#(type)","message":"scripted \#(code)"}}"#)
            return
        }
        guard streaming else {
            if case .dropAfter = reply.failure { return }
            // A stall stays a stall when the client retries without streaming.
            if case .stallAfter = reply.failure {
                waitForClientToLeave(pinging: false)
                return
            }
            var content: [[String: Any]] = reply.text.isEmpty ? [] : [["type": "text", "text": reply.text]]
            if let tool = reply.toolUse {
                content.append(["type": "tool_use", "id": "toolu_\(messageID)", "name": tool.name, "input": tool.input])
            }
            writer.json(
                status: 200, json(message(content: content, stop: reply.toolUse == nil ? "end_turn" : "tool_use")))
            return
        }
        if let tool = reply.toolUse {
            answerToolUse(reply, tool: tool)
            return
        }
        writer.head(status: 200, contentType: "text/event-stream", contentLength: nil)
        var ok = event(
            "message_start", ["type": "message_start", "message": message(content: [], stop: nil)])
        var index = 0
        if !reply.thinking.isEmpty {
            ok = ok && block(index, ["type": "thinking", "thinking": "", "signature": ""])
            for piece in reply.thinking {
                ok = ok && delta(index, ["type": "thinking_delta", "thinking": piece])
            }
            ok = ok && delta(index, ["type": "signature_delta", "signature": "c2NyaXB0ZWQ="])
            ok = ok && event("content_block_stop", ["type": "content_block_stop", "index": index])
            index += 1
        }
        ok = ok && block(index, ["type": "text", "text": ""])
        for (number, piece) in reply.deltas.enumerated() where ok {
            if number > 0, reply.delayBetweenDeltas > 0 { usleep(UInt32(reply.delayBetweenDeltas * 1_000_000)) }
            switch reply.failure {
            case .dropAfter(let count) where number >= count: return
            case .stallAfter(let count) where number >= count:
                waitForClientToLeave()
                return
            default: break
            }
            ok = delta(index, ["type": "text_delta", "text": piece])
        }
        if case .stallAfter(let count) = reply.failure, count >= reply.deltas.count {
            waitForClientToLeave()
            return
        }
        if case .dropAfter = reply.failure { return }
        ok = ok && event("content_block_stop", ["type": "content_block_stop", "index": index])
        ok =
            ok
            && event(
                "message_delta",
                [
                    "type": "message_delta", "delta": ["stop_reason": "end_turn", "stop_sequence": NSNull()],
                    "usage": ["output_tokens": max(1, reply.deltas.count)],
                ])
        _ = ok && event("message_stop", ["type": "message_stop"])
    }

    /// Streams optional text, then one `tool_use` block whose input arrives as one `input_json_delta`.
    private func answerToolUse(_ reply: ScriptedModelReply, tool: (name: String, input: [String: String])) {
        writer.head(status: 200, contentType: "text/event-stream", contentLength: nil)
        var ok = event("message_start", ["type": "message_start", "message": message(content: [], stop: nil)])
        var index = 0
        if !reply.text.isEmpty {
            ok = ok && block(index, ["type": "text", "text": ""])
            ok = ok && delta(index, ["type": "text_delta", "text": reply.text])
            ok = ok && event("content_block_stop", ["type": "content_block_stop", "index": index])
            index += 1
        }
        let input = json(tool.input)
        ok = ok && block(index, ["type": "tool_use", "id": "toolu_\(messageID)", "name": tool.name, "input": [:]])
        ok = ok && delta(index, ["type": "input_json_delta", "partial_json": input])
        ok = ok && event("content_block_stop", ["type": "content_block_stop", "index": index])
        ok =
            ok
            && event(
                "message_delta",
                [
                    "type": "message_delta", "delta": ["stop_reason": "tool_use", "stop_sequence": NSNull()],
                    "usage": ["output_tokens": 5],
                ])
        _ = ok && event("message_stop", ["type": "message_stop"])
    }

    private func message(content: [[String: Any]], stop: String?) -> [String: Any] {
        [
            "id": messageID, "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": stop ?? NSNull(), "stop_sequence": NSNull(),
            "usage": ["input_tokens": 10, "output_tokens": 1],
        ]
    }

    private func block(_ index: Int, _ contentBlock: [String: Any]) -> Bool {
        event("content_block_start", ["type": "content_block_start", "index": index, "content_block": contentBlock])
    }

    private func delta(_ index: Int, _ delta: [String: Any]) -> Bool {
        event("content_block_delta", ["type": "content_block_delta", "index": index, "delta": delta])
    }

    private func event(_ name: String, _ data: [String: Any]) -> Bool {
        writer.send("event: \(name)\ndata: \(json(data))\n\n")
    }

    private func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Holds the stream open until the client closes it (or the endpoint stops), sending the Messages API's
    /// `ping` event every second as the real API does on a quiet stream: without them an HTTP client's idle
    /// timeout may end a stall that a test means to last until it cancels (seen under load: the CLI gave up on
    /// the stream and a retry answered).
    private func waitForClientToLeave(pinging: Bool = true) {
        var byte: UInt8 = 0
        var quiet = 0
        while !endpoint.isStopped {
            var entry = pollfd(fd: writer.fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 100) > 0, recv(writer.fd, &byte, 1, 0) <= 0 { return }
            quiet += 1
            if pinging, quiet >= 10 {
                quiet = 0
                guard event("ping", ["type": "ping"]) else { return }
            }
        }
    }
}

/// Writes HTTP/1.1 answers on a socket (`Connection: close`).
struct SSEWriter {
    let fd: Int32

    func head(status: Int, contentType: String, contentLength: Int?) {
        var head = "HTTP/1.1 \(status) Scripted\r\nContent-Type: \(contentType)\r\nConnection: close\r\n"
        head += "request-id: req_scripted\r\n"
        if let contentLength {
            head += "Content-Length: \(contentLength)\r\n"
        } else {
            head += "Cache-Control: no-cache\r\n"
        }
        _ = send(head + "\r\n")
    }

    func json(status: Int, _ body: String) {
        head(status: status, contentType: "application/json", contentLength: body.utf8.count)
        _ = send(body)
    }

    /// False when the client is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}
