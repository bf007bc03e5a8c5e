/// One Server-Sent Event: its `event` name (nil for the default, `message`), `data` (lines joined with
/// `\n`) and `id`.
public struct ServerSentEvent: Sendable, Equatable {
    public var event: String?
    public var data: String
    public var id: String?

    public init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// The event-stream parser of the HTML standard ("Interpreting an event stream"), fed bytes as they arrive.
///
/// Written here because `mattt/EventSource`, the package-set's SSE client, does not build on Linux (it calls
/// `URLSession.bytes`, which FoundationNetworking lacks), and the parsing is all we need of it. Lines end with
/// LF, CRLF or CR; `:` lines are comments (keep-alives); `retry` is ignored (the caller decides about
/// reconnecting); an event is dispatched at a blank line and only when it has data. A line or event longer than
/// `maxEventBytes` is an error rather than unbounded memory.
public struct ServerSentEventParser: Sendable {
    /// Why a stream cannot be parsed.
    public enum Failure: Error, Equatable, Sendable {
        case eventTooLarge(limit: Int)
    }

    public let maxEventBytes: Int
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventName: String?
    private var eventID: String?
    private var lastWasCR = false
    private var pending: [ServerSentEvent] = []

    public init(maxEventBytes: Int = 1 << 20) {
        self.maxEventBytes = maxEventBytes
    }

    /// Consumes bytes; returns the events completed by them.
    public mutating func consume(_ bytes: some Sequence<UInt8>) throws(Failure) -> [ServerSentEvent] {
        for byte in bytes {
            if lastWasCR, byte == 0x0A {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                endLine()
            } else {
                line.append(byte)
                if line.count + data.count > maxEventBytes { throw .eventTooLarge(limit: maxEventBytes) }
            }
        }
        defer { pending.removeAll() }
        return pending
    }

    private mutating func endLine() {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if hasData {
                pending.append(
                    ServerSentEvent(event: eventName, data: String(decoding: data, as: UTF8.self), id: eventID))
            }
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventName = nil
            return
        }
        if line.first == 0x3A { return }
        let colon = line.firstIndex(of: 0x3A)
        let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == 0x20 { valueStart = line.index(after: valueStart) }
        let value = line[valueStart...]
        switch name {
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "event": eventName = String(decoding: value, as: UTF8.self)
        case "id" where !value.contains(0): eventID = String(decoding: value, as: UTF8.self)
        default: break
        }
    }
}
