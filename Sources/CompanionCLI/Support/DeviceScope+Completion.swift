import CompanionAPI

extension DeviceScope {
    /// What the shells offer for a list of scopes: each scope, and the pairing default as one value.
    static var completionValues: [String] {
        allCases.map(\.rawValue) + [text(pairingDefault)]
    }
}
