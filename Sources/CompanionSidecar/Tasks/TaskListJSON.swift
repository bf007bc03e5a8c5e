import GRDB

/// The `GET /v1/tasks` body written straight from the database rows: the same JSON as encoding
/// ``TaskListResponse`` with `CompanionJSON` (sorted keys, `…T…:….mmmZ` timestamps), without building a model
/// and a `Date` per task, so ten thousand tasks answer in milliseconds.
enum TaskListJSON {
    static func encode(_ db: Database, limit: Int?) throws -> [UInt8] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT created_at, description, exit_code, failure_reason, finished_at, id, repo_url, started_at,
                    status, title
                FROM tasks ORDER BY created_at DESC, rowid DESC LIMIT ?
                """)
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: #"{"ok":true,"tasks":["#.utf8)
        let rows = try Row.fetchCursor(statement, arguments: [limit ?? -1])
        var first = true
        while let row = try rows.next() {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: #"{"created_at":"#.utf8)
            timestamp(row[0], into: &out)
            out.append(contentsOf: #","description":"#.utf8)
            string(row[1], into: &out)
            out.append(contentsOf: #","exit_code":"#.utf8)
            integer(row[2], into: &out)
            out.append(contentsOf: #","failure_reason":"#.utf8)
            string(row[3], into: &out)
            out.append(contentsOf: #","finished_at":"#.utf8)
            timestamp(row[4], into: &out)
            out.append(contentsOf: #","id":"#.utf8)
            string(row[5], into: &out)
            out.append(contentsOf: #","repo_url":"#.utf8)
            string(row[6], into: &out)
            out.append(contentsOf: #","started_at":"#.utf8)
            timestamp(row[7], into: &out)
            out.append(contentsOf: #","status":"#.utf8)
            string(row[8], into: &out)
            out.append(contentsOf: #","title":"#.utf8)
            string(row[9], into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    private static func integer(_ value: Int64?, into out: inout [UInt8]) {
        guard let value else { return out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: String(value).utf8)
    }

    /// A JSON string: `"`, `\` and control characters escaped, everything else as UTF-8.
    private static func string(_ value: String?, into out: inout [UInt8]) {
        guard let value else { return out.append(contentsOf: "null".utf8) }
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex(byte >> 4))
                out.append(hex(byte & 0xF))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Milliseconds since 1970 as `"yyyy-MM-ddTHH:mm:ss.SSSZ"` (UTC), or `null`.
    static func timestamp(_ millis: Int64?, into out: inout [UInt8]) {
        guard let millis else { return out.append(contentsOf: "null".utf8) }
        let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, ms) = dayMillis < 0 ? (days - 1, dayMillis + 86_400_000) : (days, dayMillis)
        let (year, month, date) = civil(fromDays: day)
        out.append(UInt8(ascii: "\""))
        digits(year, 4, &out)
        out.append(UInt8(ascii: "-"))
        digits(month, 2, &out)
        out.append(UInt8(ascii: "-"))
        digits(date, 2, &out)
        out.append(UInt8(ascii: "T"))
        digits(ms / 3_600_000, 2, &out)
        out.append(UInt8(ascii: ":"))
        digits(ms / 60_000 % 60, 2, &out)
        out.append(UInt8(ascii: ":"))
        digits(ms / 1000 % 60, 2, &out)
        out.append(UInt8(ascii: "."))
        digits(ms % 1000, 3, &out)
        out.append(contentsOf: "Z\"".utf8)
    }

    private static func digits(_ value: Int64, _ width: Int, _ out: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Gregorian date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
