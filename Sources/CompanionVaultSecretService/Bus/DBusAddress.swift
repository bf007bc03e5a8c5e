/// Where the session bus listens: the Unix-socket entries of `DBUS_SESSION_BUS_ADDRESS` (`unix:path=…` or
/// `unix:abstract=…`, `;`-separated, values percent-escaped), or `$XDG_RUNTIME_DIR/bus` when that variable is not
/// set, as GDBus and sd-bus do. TCP and other transports are left to libsecret.
enum DBusAddress: Equatable {
    case path(String)
    case abstract(String)

    /// The addresses to try in order; empty when there is no session bus to connect to.
    static func session(environment: [String: String]) -> [DBusAddress] {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] {
            return address.split(separator: ";").compactMap { parse(String($0)) }
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return [.path(runtime + "/bus")] }
        return []
    }

    /// One `unix:` entry, or nil for other transports and malformed entries.
    static func parse(_ entry: String) -> DBusAddress? {
        guard entry.hasPrefix("unix:") else { return nil }
        var keys: [String: String] = [:]
        for pair in entry.dropFirst(5).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = unescape(parts[1]) else { return nil }
            keys[String(parts[0])] = value
        }
        if let path = keys["path"] { return .path(path) }
        if let name = keys["abstract"] { return .abstract(name) }
        return nil
    }

    /// Undoes the address format's `%xx` escapes.
    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of one hexadecimal digit, or nil.
    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
