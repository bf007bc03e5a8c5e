import CompanionQR

extension ClientFailures {
    /// The failure for an image that yielded no QR code: exit 8 (none found), 10 (too large) or 9 (bad image).
    static func failure(for error: QRDecodeError) -> CLIFailure {
        switch error {
        case .notFound: CLIFailure(.qrNotFound, error.description, hint: error.hint)
        case .tooLarge, .fileTooLarge: CLIFailure(.imageTooLarge, error.description, hint: error.hint)
        case .unreadable, .empty, .notAnImage, .unsupported, .truncated, .corrupt, .zeroSize:
            CLIFailure(.badImage, error.description, hint: error.hint)
        }
    }
}
