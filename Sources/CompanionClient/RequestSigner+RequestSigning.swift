import CompanionAPI

/// The signed-request signer (CompanionAPI, issue 6) plugs into the client's signing seam as is.
extension RequestSigner: RequestSigning {
    public func headers(for request: SignableRequest) throws -> [String: String] {
        headers(method: request.method, pathAndQuery: request.pathAndQuery, body: Array(request.body))
    }
}
