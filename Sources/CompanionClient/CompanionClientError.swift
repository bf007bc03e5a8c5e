import CompanionAPI

/// What went wrong talking to the sidecar, in four kinds a person (and a program) can act on.
public enum CompanionClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sidecar could not be reached; ``retryGuidance`` says what to check.
    case network(NetworkFailure, url: String)
    /// The sidecar answered with an error: HTTP status plus its `error.code` and `error.message` when present.
    case server(status: Int, code: String?, message: String)
    /// Input refused before any request was sent.
    case validation(ValidationFailure)
    /// The answer was not the JSON the contract promises.
    case malformedResponse(endpoint: String, status: Int, detail: String)
    /// The sidecar's TLS certificate was refused (not the pinned key, or not trusted): nothing was sent.
    case trust(TLSRefusal)

    /// An answer larger than ``SidecarTransport/maxBodyBytes``: refused before it is read or decoded.
    static func tooLarge(_ endpoint: CompanionEndpoint, status: Int) -> CompanionClientError {
        .malformedResponse(
            endpoint: endpoint.description, status: status,
            detail: "the answer is larger than \(SidecarTransport.maxBodyBytes >> 20) MiB")
    }

    /// The answer to a task endpoint when the task does not exist (HTTP 404, or WebSocket close 1008).
    public static func noSuchTask(_ id: String) -> CompanionClientError {
        .server(status: 404, code: "not_found", message: "no such task: \(ResponseDecoder.clean(id))")
    }

    /// True for the answer ``noSuchTask(_:)`` describes.
    public var isNotFound: Bool {
        if case .server(404, _, _) = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .network(let failure, let url): "\(failure.summary) (\(url))"
        case .server(let status, let code, let message):
            "the sidecar answered \(status)\(code.map { " \($0)" } ?? ""): \(message)"
        case .validation(let failure): failure.description
        case .malformedResponse(let endpoint, let status, let detail):
            "unexpected answer from \(endpoint) (HTTP \(status)): \(detail)"
        case .trust(let refusal): refusal.description
        }
    }

    /// What to do next: always present for network failures, present for some server answers.
    public var retryGuidance: String? {
        switch self {
        case .network(let failure, _): failure.retryGuidance
        case .server(let status, let code, _): Self.serverGuidance(status: status, code: code)
        case .validation(let failure): failure.hint
        case .malformedResponse:
            "check that the URL points at a CompanionKit sidecar (GET /health answers \"companion-sidecar\")"
        case .trust(let refusal): refusal.guidance
        }
    }

    /// The server's error code as a known `APIErrorCode`-style string, if it sent one.
    public var serverCode: String? {
        if case .server(_, let code, _) = self { return code }
        return nil
    }

    private static func serverGuidance(status: Int, code: String?) -> String? {
        switch code {
        case "wrong_code", "invalid_code_format":
            "check the 6 digits shown on the workstation and try again"
        case "wrong_token": "scan the QR code again; it may have been replaced by a newer one"
        case "pairing_expired", "no_active_pairing", "pairing_used":
            "start a new pairing on the workstation (companion sidecar pair) and try again with the new code"
        case "pairing_burned":
            "too many wrong attempts: start a new pairing on the workstation and use the new code"
        case "not_found": "list the devices with `companion devices list` and use one of their ids"
        case "unauthorized": "this device is not (or no longer) trusted: pair it again"
        case nil where status < 500:
            "check that the URL is the sidecar's base URL (its GET /health answers \"companion-sidecar\")"
        default: status >= 500 ? "the sidecar had an internal problem; try again, and check its log" : nil
        }
    }
}

/// Why the sidecar could not be reached.
public enum NetworkFailure: Equatable, Sendable {
    /// Nothing listens at that address and port (connection refused).
    case refused
    /// This machine has no network connection.
    case offline
    /// The host name does not resolve.
    case hostNotFound
    /// No answer within the timeout.
    case timedOut
    /// The sidecar redirected elsewhere; the companion does not follow redirects.
    case redirected
    /// Any other transport failure, with the system's description.
    case other(String)

    /// One line saying what happened.
    public var summary: String {
        switch self {
        case .refused: "could not connect to the sidecar: connection refused"
        case .offline: "could not reach the sidecar: this machine is offline"
        case .hostNotFound: "could not find the sidecar host: the name does not resolve"
        case .timedOut: "the sidecar did not answer in time"
        case .redirected: "the sidecar answered with a redirect, which the companion does not follow"
        case .other(let detail): "could not reach the sidecar: \(detail)"
        }
    }

    /// What to check before retrying.
    public var retryGuidance: String {
        switch self {
        case .refused:
            "is the sidecar running (companion sidecar serve) and is the port right? Retry once it is up"
        case .offline: "connect this machine to the workstation's network, then retry"
        case .hostNotFound: "check the URL for typos, or use the workstation's IP address, then retry"
        case .timedOut:
            "check that the workstation is awake and on the same network and that no firewall blocks the port; retry"
        case .redirected: "use the sidecar's own base URL (as shown by `companion sidecar pair`)"
        case .other: "check the URL and the network, then retry"
        }
    }
}

/// Input refused before any request.
public enum ValidationFailure: Equatable, Sendable, CustomStringConvertible {
    /// The pairing code is not exactly six ASCII digits.
    case invalidCode
    /// The URL is not a usable sidecar base URL.
    case invalidURL(reason: String)
    /// Plain HTTP to a host outside loopback and the private network.
    case insecureURL(host: String)
    /// The device name is empty, too long or has control characters.
    case invalidDeviceName
    /// The device id is empty, too long or has control characters.
    case invalidDeviceID
    /// The request could not be prepared (e.g. signing failed).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .invalidCode: "the pairing code must be exactly 6 digits"
        case .invalidURL(let reason): "invalid sidecar URL: \(reason)"
        case .insecureURL(let host): "refusing plain HTTP to \(host), which is not a loopback or LAN address"
        case .invalidDeviceName:
            "the device name must be 1 to \(DeviceNameRule.maxLength) characters of plain text on one line"
        case .invalidDeviceID: "the device id must be 1 to 128 printable characters"
        case .invalidRequest(let reason): reason
        }
    }

    /// What to do instead.
    public var hint: String {
        switch self {
        case .invalidCode: "type the 6 digits shown on the workstation, e.g. 123456"
        case .invalidURL: "use the sidecar's base URL, e.g. http://192.168.1.20:7878"
        case .insecureURL:
            "use https:// for a sidecar outside your local network (a tailnet included), or its LAN address"
        case .invalidDeviceName: "pass a shorter plain name with --name, or omit it to use the host name"
        case .invalidDeviceID: "copy the id from `companion devices list`"
        case .invalidRequest: "check the vault (companion status) and pair again if needed"
        }
    }
}
