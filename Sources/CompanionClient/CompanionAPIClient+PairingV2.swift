import CompanionAPI

extension CompanionAPIClient {
    /// `GET /companion/pairing/v2/offer`.
    public func pairingOffer() async throws(CompanionClientError) -> PairingOfferResponse {
        try await send(.pairingOffer, body: nil, as: PairingOfferResponse.self)
    }

    /// `POST /companion/pairing/v2/exchange`. The device name is checked before sending.
    public func pairingExchange(_ request: PairingExchangeRequest) async throws(CompanionClientError)
        -> PairingExchangeResponse
    {
        guard DeviceNameRule.isValid(request.deviceName) else { throw .validation(.invalidDeviceName) }
        return try await send(.pairingExchange, body: encodeBody(request), as: PairingExchangeResponse.self)
    }

    /// `POST /companion/pairing/v2/confirm`. The answer is the v1 `pairing/complete` answer.
    public func pairingConfirm(_ request: PairingConfirmRequest) async throws(CompanionClientError)
        -> PairingCompleteResponse
    {
        try await send(.pairingConfirm, body: encodeBody(request), as: PairingCompleteResponse.self)
    }
}
