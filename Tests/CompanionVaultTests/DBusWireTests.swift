import CompanionCrypto
import CompanionTestSupport
import Testing

@testable import CompanionVaultSecretService

/// The D-Bus wire format of the direct Secret Service path: the specification's alignment and limits, and bytes
/// from the bus that are not valid refused with an error, never a crash.
struct DBusWireTests {
    @Test func aMethodCallHasTheSpecificationsLayout() throws {
        let bytes = try DBusMessage.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "Hello",
            serial: 1, []
        ).encoded()
        // 'l', method call, no flags, version 1, empty body, serial 1, then the header fields' array length.
        #expect(Array(bytes[0..<12]) == [0x6C, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0])
        #expect(bytes.count % 8 == 0)
        let decoded = try DBusMessage(decoding: bytes)
        #expect(decoded.member == "Hello")
        #expect(decoded.path == "/org/freedesktop/DBus")
        #expect(decoded.destination == "org.freedesktop.DBus")
        #expect(try DBusMessage.lengths(ofMessageStarting: bytes)?.total == bytes.count)
    }

    @Test func bodiesRoundTripWithAlignment() throws {
        let body: [DBusValue] = [
            .byte(7), .stringDictionary(["service": "companionkit", "name": "identity"]),
            .array(element: "o", [.objectPath("/org/freedesktop/secrets/collection/login/1")]),
            .variant(.bytes([0, 1, 2, 255])), .boolean(true), .uint64(1 << 40), .int16(-2), .double(0.5),
            .structure([.objectPath("/s"), .bytes([]), .bytes([9]), .string("text/plain")]),
            .array(element: "{o(oayays)}", []),
        ]
        var message = DBusMessage.call("a.b", path: "/", interface: "a.b", member: "M", serial: 9, body)
        message.sender = ":1.5"
        let decoded = try DBusMessage(decoding: try message.encoded())
        #expect(decoded == message)
    }

    @Test func signaturesAreCheckedAsTheSpecificationDefinesThem() throws {
        #expect(try DBusSignature.split("a{sv}s(oayays)") == ["a{sv}", "s", "(oayays)"])
        for bad in ["a", "(", "()", "{ss}", "a{vs}", "a{sss}", "z", "(s", String(repeating: "a", count: 70) + "s"] {
            #expect(throws: DBusWireError.self, "\(bad)") { try DBusSignature.split(bad) }
        }
        #expect(DBusSignature.isObjectPath("/org/freedesktop/secrets/collection/login/12"))
        for bad in ["", "org", "/a/", "//a", "/a-b", "/a b"] { #expect(!DBusSignature.isObjectPath(bad)) }
    }

    @Test func malformedBytesFromTheBusAreRefused() throws {
        let good = try DBusMessage.call("a.b", path: "/p", interface: "a.b", member: "M", serial: 3, [.string("x")])
            .encoded()
        // Every truncation of a valid message is an error (or "not complete yet"), never a crash.
        for cut in 0..<good.count {
            #expect(throws: DBusWireError.self) { try DBusMessage(decoding: Array(good[0..<cut])) }
        }
        // A string without its terminating NUL, a boolean of 2, non-zero padding, a zero serial.
        var decoder = DBusDecoder(bytes: [1, 0, 0, 0, 0x41, 0x42])
        #expect(throws: DBusWireError.self) { try decoder.decode(signature: "s") }
        decoder = DBusDecoder(bytes: [2, 0, 0, 0])
        #expect(throws: DBusWireError.self) { try decoder.decode(signature: "b") }
        decoder = DBusDecoder(bytes: [1, 9, 9, 9, 1, 0, 0, 0])
        #expect(throws: DBusWireError.self) { try decoder.decode(signature: "yu") }
        var zeroSerial = good
        zeroSerial.replaceSubrange(8..<12, with: [0, 0, 0, 0])
        #expect(throws: DBusWireError.self) { try DBusMessage(decoding: zeroSerial) }
        // An array claiming more than the specification's 64 MiB, and a message claiming more than 16 MiB.
        decoder = DBusDecoder(bytes: [0, 0, 0, 5])
        #expect(throws: DBusWireError.tooLarge) { try decoder.decode(signature: "ay") }
        var huge = good
        huge.replaceSubrange(4..<8, with: [0, 0, 0, 0x10])
        #expect(throws: DBusWireError.tooLarge) { try DBusMessage.lengths(ofMessageStarting: huge) }
        // A header field of the wrong type (PATH as a string rather than an object path), and a message type of 0.
        func message(type: UInt8, path: DBusValue) throws -> [UInt8] {
            var encoder = DBusEncoder()
            for byte: UInt8 in [UInt8(ascii: "l"), type, 0, 1] { try encoder.encode(.byte(byte)) }
            encoder.append(UInt32(0))
            encoder.append(UInt32(3))
            try encoder.encode(.array(element: "(yv)", [.structure([.byte(1), .variant(path)])]))
            encoder.pad(to: 8)
            return encoder.bytes
        }
        #expect(try DBusMessage(decoding: try message(type: 4, path: .objectPath("/p"))).path == "/p")
        #expect(throws: DBusWireError.malformed("header field 1")) {
            try DBusMessage(decoding: try message(type: 4, path: .string("/p")))
        }
        #expect(throws: DBusWireError.self) { try DBusMessage(decoding: try message(type: 0, path: .objectPath("/p"))) }
        // Variants nested deeper than the specification allows.
        var nested: [UInt8] = []
        for _ in 0..<40 { nested += [1, UInt8(ascii: "v"), 0] }
        nested += [1, UInt8(ascii: "y"), 0, 7]
        decoder = DBusDecoder(bytes: nested)
        #expect(throws: DBusWireError.self) { try decoder.decode(signature: "v") }
    }

    @Test func busAddressesAreReadAsGDBusReadsThem() {
        let environment = [
            "DBUS_SESSION_BUS_ADDRESS":
                "tcp:host=localhost,port=1;unix:abstract=/tmp/dbus-X,guid=1;unix:path=/run/a%20b"
        ]
        #expect(DBusAddress.session(environment: environment) == [.abstract("/tmp/dbus-X"), .path("/run/a b")])
        #expect(DBusAddress.session(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == [.path("/run/user/7/bus")])
        #expect(DBusAddress.session(environment: [:]).isEmpty)
        #expect(DBusAddress.parse("unix:path=/a%zz") == nil)
        #expect(DBusAddress.parse("unix:path=/a%+f") == nil)
        #expect(DBusAddress.parse("unix:path=/a%2Fb") == .path("/a/b"))
    }

    @Test func theTransferKeyIsHKDFSHA256AndPaddingIsChecked() throws {
        // RFC 5869, test case 3 (no salt, no info): the first 16 bytes of its output.
        let key = try HMACSHA256.hkdf(secret: SecureBytes([UInt8](repeating: 0x0B, count: 22)), length: 16)
        #expect(key.withUnsafeBytes { Array($0) } == Hex.decode("8da4e775a563c18f715f802a063c5a31"))
        let unpadded = try PKCS7.unpad(SecureBytes([1, 2, 3] + [UInt8](repeating: 13, count: 13)))
        #expect(unpadded.withUnsafeBytes { Array($0) } == [1, 2, 3])
        for bad: [UInt8] in [[1, 2, 3, 0], [1, 2, 3, 17], [1, 2, 2, 3], []] {
            #expect(throws: SecretServiceBusError.self) { try PKCS7.unpad(SecureBytes(bad)) }
        }
    }

    @Test func aServiceKeyOutsideTheGroupIsRefused() throws {
        #expect(try TransferSession().publicKey.count <= 128)
        var primeMinusOne = TransferSession.prime
        primeMinusOne[127] -= 1
        for bad in [[0], [1], primeMinusOne, TransferSession.prime] {
            let session = try TransferSession()
            #expect(throws: SecretServiceBusError.cryptography("the Secret Service sent an invalid public key")) {
                try session.agree(withServiceKey: bad)
            }
        }
        let session = try TransferSession()
        try session.agree(withServiceKey: [2])
        // The private exponent is gone once the key is agreed.
        #expect(throws: SecretServiceBusError.self) { try session.agree(withServiceKey: [2]) }
    }
}
