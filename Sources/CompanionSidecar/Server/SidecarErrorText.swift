import Foundation

/// One-line text for errors from Foundation and the system.
enum SidecarErrorText {
    /// The POSIX reason behind a Foundation error (e.g. "Not a directory"), else the error itself.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError) ?? nsError
        if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        return "\(error)"
    }
}
