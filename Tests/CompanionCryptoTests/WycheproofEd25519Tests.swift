import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

/// The Wycheproof EdDSA verification vectors (TestVectors/wycheproof/ed25519_test.json, Apache-2.0, LICENSE
/// beside it). Every vector's verdict must match ours.
///
/// Policy for "acceptable": the file we ship has none (only "valid" and "invalid"). Should a future copy
/// contain some, this test fails on purpose so that someone decides; our stance would be to reject them
/// (libsodium is strict: it refuses non-canonical encodings and small-order points), and the test must
/// then be changed to record that choice vector by vector.
struct WycheproofEd25519Tests {
    struct File: Decodable {
        let algorithm: String
        let numberOfTests: Int
        let testGroups: [Group]
    }
    struct Group: Decodable {
        let type: String
        let publicKey: PublicKey
        let tests: [Vector]
    }
    struct PublicKey: Decodable {
        let curve: String
        let pk: String
    }
    struct Vector: Decodable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let msg: String
        let sig: String
        let result: String
    }

    static func load() throws -> File {
        let url = TestPaths.testVectors.appendingPathComponent("wycheproof/ed25519_test.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }

    @Test func licenseShipsBesideTheVectors() throws {
        let license = TestPaths.testVectors.appendingPathComponent("wycheproof/LICENSE")
        let text = try String(contentsOf: license, encoding: .utf8)
        #expect(text.contains("Apache License"))
    }

    @Test func everyVerdictMatches() throws {
        let file = try Self.load()
        #expect(file.algorithm == "EDDSA")
        var checked = 0
        var mismatches: [String] = []
        for group in file.testGroups {
            #expect(group.type == "EddsaVerify")
            #expect(group.publicKey.curve == "edwards25519")
            let key = try Ed25519PublicKey(rawBytes: Hex.decode(group.publicKey.pk))
            for vector in group.tests {
                #expect(["valid", "invalid"].contains(vector.result), "tcId \(vector.tcId): \(vector.result)")
                let verdict = key.verify(signature: Hex.decode(vector.sig), message: Hex.decode(vector.msg))
                if verdict != (vector.result == "valid") {
                    mismatches.append("tcId \(vector.tcId) (\(vector.comment), \(vector.flags)): got \(verdict)")
                }
                checked += 1
            }
        }
        #expect(checked == file.numberOfTests)
        #expect(checked == 150)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func bothVerdictsArePresent() throws {
        let results = try Self.load().testGroups.flatMap { $0.tests.map(\.result) }
        #expect(results.filter { $0 == "valid" }.count == 88)
        #expect(results.filter { $0 == "invalid" }.count == 62)
    }
}
