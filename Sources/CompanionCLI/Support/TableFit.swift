import ArgumentParser
import Foundation

/// Lays out a table in columns that fit the terminal: when the rows are wider than `width`, the widest columns
/// are narrowed first and their cells end in an ellipsis (`--wide` passes no width and shows everything).
enum TableFit {
    /// Narrowest a column is cut to (header included) while the table can fit otherwise, so every column stays
    /// recognisable.
    static let minimumColumn = 6
    /// Narrowest a column is ever cut to, when many columns meet a narrow terminal: one character and the
    /// ellipsis.
    static let lastResortColumn = 2

    /// The table as lines, columns separated by two spaces, fitting `width` when one is given.
    static func render(header: [String], rows: [[String]], width: Int?) -> [String] {
        let table = [header] + rows
        var widths = (0..<header.count).map { column in table.map { $0[column].count }.max() ?? 0 }
        if let width {
            let separators = 2 * max(0, header.count - 1)
            for floor in [minimumColumn, lastResortColumn] {
                while widths.reduce(0, +) + separators > width,
                    let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > floor
                {
                    widths[widest] -= 1
                }
            }
        }
        return table.map { row in
            zip(row, widths).map { cell, width in
                let shown = cell.count > width ? String(cell.prefix(max(0, width - 1))) + "…" : cell
                return shown.padding(toLength: width, withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}

extension TableFit {
    /// The table as text, one line per row each ending in a newline (for `print(_:terminator: "")`).
    static func text(header: [String], rows: [[String]], width: Int?) -> String {
        render(header: header, rows: rows, width: width).map { $0 + "\n" }.joined()
    }
}

/// `--wide`, shared by the commands that print a table.
struct TableOptions: ParsableArguments {
    @Flag(help: "Show whole cells, however wide the terminal (tables are otherwise cut to its width).")
    var wide = false

    /// The width to fit tables to: the terminal's (``Terminal/columns``), or nil with `--wide` or to a pipe.
    var width: Int? { wide ? nil : Terminal.columns }
}
