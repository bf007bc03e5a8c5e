import Foundation

/// Encodings in which a leaked secret could appear in text or files.
public func leakNeedles(_ secretKey: [UInt8]) -> [[UInt8]] {
    let seed = Array(secretKey.prefix(32))
    let hex = seed.map { String(format: "%02x", $0) }.joined()
    return [
        seed, secretKey, Array(Data(seed).base64EncodedString().prefix(40).utf8),
        Array(Data(secretKey).base64EncodedString().prefix(80).utf8), Array(hex.utf8), Array(hex.uppercased().utf8),
        Array(
            Data(seed).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").prefix(40).utf8),
    ]
}

public func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count, !needle.isEmpty else { return false }
    return Data(haystack).range(of: Data(needle)) != nil
}

/// Regular files under `root` (recursively) that contain any of `needles`.
public func filesContaining(_ needles: [[UInt8]], under root: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var hits: [String] = []
    while let relative = walker.nextObject() as? String {
        let path = root.appendingPathComponent(relative).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? Int ?? 0) < 64 << 20,
            let data = FileManager.default.contents(atPath: path)
        else { continue }
        if needles.contains(where: { contains(Array(data), $0) }) { hits.append(path) }
    }
    return hits
}

/// Permission bits of a path.
public func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
}
