import Testing

@testable import CompanionAPI

struct PairingCodeTests {
    @Test(arguments: ["123456", "000000", "999999", "012345"])
    func acceptsSixAsciiDigits(code: String) {
        #expect(PairingCode.isValid(code))
    }

    @Test(arguments: [
        "", "12345", "1234567", " 123456", "123456 ", "123 456", "12345a", "abcdef", "+12345", "-12345",
        "12345\n", "١٢٣٤٥٦", "１２３４５６", "12345٦", "1e5000", "12.345",
    ])
    func rejectsEverythingElse(code: String) {
        #expect(!PairingCode.isValid(code))
    }

    @Test func redactsAllButTheLastDigit() {
        #expect(PairingCode.redacted("123456") == "•••••6")
        #expect(PairingCode.redacted("") == "")
        #expect(!PairingCode.redacted("987654").contains("98765"))
    }
}
