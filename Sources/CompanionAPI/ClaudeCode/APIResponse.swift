/// The envelope of every `/api/v1` answer, as the ILS app's shared `APIResponse<T>` declares it:
/// `{ "success": true, "data": … }` or `{ "success": false, "error": { "code", "message" } }`.
public struct APIResponse<T: Codable & Sendable>: Codable, Sendable {
    public var success: Bool
    public var data: T?
    public var error: APIResponseError?

    /// A successful answer carrying `data`.
    public init(data: T) {
        self.success = true
        self.data = data
        self.error = nil
    }

    /// A failed answer.
    public init(error: APIResponseError) {
        self.success = false
        self.data = nil
        self.error = error
    }
}

/// The error of a failed ``APIResponse``: a machine-readable code in upper snake case (`NOT_FOUND`,
/// `BAD_REQUEST`, `UNAUTHORIZED`…) and a message for people.
public struct APIResponseError: Codable, Sendable, Equatable, Error {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The `/api/v1` code of one of the sidecar's error codes (`not_found` → `NOT_FOUND`).
    public init(_ code: APIErrorCode, message: String) {
        self.init(code: code.rawValue.uppercased(), message: message)
    }
}

/// A list with its total (`ListResponse<T>` of the ILS app).
public struct ListResponse<T: Codable & Sendable>: Codable, Sendable {
    public var items: [T]
    public var total: Int

    public init(items: [T], total: Int? = nil) {
        self.items = items
        self.total = total ?? items.count
    }
}

/// One page of a longer list (`PaginatedResponse<T>` of the ILS app).
public struct PaginatedResponse<T: Codable & Sendable>: Codable, Sendable {
    public var items: [T]
    public var total: Int
    public var hasMore: Bool

    public init(items: [T], total: Int, hasMore: Bool) {
        self.items = items
        self.total = total
        self.hasMore = hasMore
    }
}

/// `{ "deleted": true }`.
public struct DeletedResponse: Codable, Sendable, Equatable {
    public var deleted: Bool
    public init(deleted: Bool = true) { self.deleted = deleted }
}

/// `{ "cancelled": true }`: whether a running chat was stopped.
public struct CancelledResponse: Codable, Sendable, Equatable {
    public var cancelled: Bool
    public init(cancelled: Bool = true) { self.cancelled = cancelled }
}
