import Logging

/// Wraps a connection's log handler so that a connection the sidecar itself closed before its first request (a
/// header timeout, a connection shed at the cap) does not log an error: Hummingbird's WebSocket channel reports
/// the abandoned upgrade negotiation as "Error handling upgrade result" (`Inappropriate operation for state`),
/// which a port scan or a flood of idle sockets would otherwise turn into one error line per connection. That
/// one case is logged at debug level; everything else passes unchanged.
struct ClosedConnectionLogFilter: LogHandler {
    var inner: any LogHandler

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if event.level == .error, event.message.description == "Error handling upgrade result",
            event.metadata?["error.type"]?.description == "Inappropriate operation for state"
        {
            guard inner.logLevel <= .debug else { return }
            event.level = .debug
        }
        inner.log(event: event)
    }

    /// `logger`, with this filter in front of its handler.
    static func wrapping(_ logger: Logger) -> Logger {
        var filtered = logger
        filtered.handler = ClosedConnectionLogFilter(inner: logger.handler)
        return filtered
    }
}
