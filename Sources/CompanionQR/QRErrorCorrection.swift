import CQREncode

/// How much of a QR code may be damaged and still read back. Higher levels need a larger symbol.
public enum QRErrorCorrection: String, Sendable, CaseIterable {
    /// About 7% of codewords can be restored.
    case low = "L"
    /// About 15% of codewords can be restored (the default).
    case medium = "M"
    /// About 25% of codewords can be restored.
    case quartile = "Q"
    /// About 30% of codewords can be restored.
    case high = "H"

    var libraryLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
