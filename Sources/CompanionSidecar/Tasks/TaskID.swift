/// Task identifiers: 12 characters from an alphabet without look-alikes (60 random bits), short enough to type.
enum TaskID {
    private static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    /// A new random identifier from the system's CSPRNG.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }

    /// True when `text` could be a task identifier (cheap check before touching the database).
    static func isPlausible(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.utf8.allSatisfy { $0 < 0x80 && $0 > 0x20 && $0 != 0x2F }
    }
}
