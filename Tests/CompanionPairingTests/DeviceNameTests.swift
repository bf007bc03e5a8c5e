import Testing

@testable import CompanionPairing

struct DeviceNameTests {
    @Test func defaultsToTheHostName() {
        #expect(DeviceName.resolve(explicit: nil, hostName: "laptop") == "laptop")
        #expect(DeviceName.resolve(explicit: nil, hostName: "laptop.lan.") == "laptop.lan")
    }

    @Test func unusableHostNameFallsBack() {
        #expect(DeviceName.resolve(explicit: nil, hostName: "") == DeviceName.fallback)
        #expect(DeviceName.resolve(explicit: nil, hostName: " \u{7} ") == DeviceName.fallback)
        #expect(DeviceName.fromHostName(String(repeating: "h", count: 100)).count == DeviceName.maxLength)
    }

    @Test func explicitNameIsTrimmedAndChecked() {
        #expect(DeviceName.resolve(explicit: " iPhone 16 Pro ", hostName: "laptop") == "iPhone 16 Pro")
        #expect(DeviceName.resolve(explicit: "", hostName: "laptop") == nil)
        #expect(DeviceName.resolve(explicit: "a\nb", hostName: "laptop") == nil)
        #expect(DeviceName.resolve(explicit: String(repeating: "é", count: 64), hostName: "x") != nil)
        #expect(DeviceName.resolve(explicit: String(repeating: "é", count: 65), hostName: "x") == nil)
    }
}
