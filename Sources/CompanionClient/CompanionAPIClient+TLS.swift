import CompanionAPI

extension CompanionAPIClient {
    /// Signed `GET /companion/tls`: the pin of the TLS key the sidecar serves now and an announced next one
    /// (`TLSStatusResponse`). Read only over a pinned connection (see `Companion.status`), so a pin never arrives
    /// over a connection nothing vouches for.
    public func tlsStatus() async throws(CompanionClientError) -> TLSStatusResponse {
        try await send(.tlsStatus, body: nil, as: TLSStatusResponse.self)
    }
}
