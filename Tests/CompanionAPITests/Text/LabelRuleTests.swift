import CompanionAPI
import Testing

@Suite("Labels: one rule for device names and task titles, on both sides")
struct LabelRuleTests {
    @Test func controlFormatAndSeparatorCharactersAreForbidden() {
        for scalar in [
            "\u{0}", "\u{1B}", "\t", "\n", "\r", "\u{7F}", "\u{85}", "\u{9B}", "\u{AD}", "\u{61C}",
            "\u{200B}", "\u{200D}", "\u{200E}", "\u{202E}", "\u{2028}", "\u{2029}", "\u{2066}", "\u{FEFF}",
            "\u{E0001}",
        ] as [Unicode.Scalar] {
            #expect(HumanLabel.isForbidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        for scalar in ["a", " ", "é", "東", "🚀", "\u{301}", "\u{A0}"] as [Unicode.Scalar] {
            #expect(!HumanLabel.isForbidden(scalar))
        }
    }

    @Test func problemsNameTheFieldAndShowTheCharacter() {
        let problem = HumanLabel.problem("evil\u{202E}txt", field: "title")
        #expect(problem?.hasPrefix("title must be plain text on one line") == true)
        #expect(problem?.contains(#"\u{202E}"#) == true)
        #expect(problem?.unicodeScalars.contains("\u{202E}") == false, "the message itself is safe to print")
        #expect(HumanLabel.problem("Fix the build 🚀", field: "title") == nil)
    }

    @Test func deviceNamesHaveOneLimitOf64Characters() {
        #expect(DeviceNameRule.maxLength == 64)
        #expect(DeviceNameRule.isValid(String(repeating: "é", count: 64)))
        #expect(DeviceNameRule.problem(String(repeating: "é", count: 65)) == "deviceName is longer than 64 characters")
        #expect(DeviceNameRule.problem("") == "deviceName must not be empty")
        #expect(DeviceNameRule.problem("phone\u{2028}x")?.contains("deviceName") == true)
        #expect(DeviceNameRule.isValid("Anna's iPhone (work)"))
    }

    /// Lengths count Unicode code points, as JSON Schema's `maxLength` does (openapi.yaml): schemathesis had a
    /// 201-code-point title of stacked combining marks accepted, because it was fewer than 200 visible characters.
    @Test func lengthsCountCodePointsAsTheSchemaDoes() {
        let stacked = String(repeating: "e\u{301}\u{316}", count: 67)  // 67 visible characters, 201 code points
        #expect(stacked.count == 67 && stacked.unicodeScalars.count == 201)
        #expect(CreateTaskRequest(title: stacked).validationError() == "title is longer than 200 characters")
        #expect(CreateTaskRequest(title: String(stacked.unicodeScalars.dropLast(1))).validationError() == nil)
        let name = String(repeating: "a\u{301}", count: 33)  // 33 visible, 66 code points
        #expect(DeviceNameRule.problem(name) == "deviceName is longer than 64 characters")
        #expect(DeviceNameRule.isValid(String(repeating: "a\u{301}", count: 32)))
    }

    @Test func taskTitlesFollowTheLabelRule() {
        #expect(
            CreateTaskRequest(title: "a\u{1B}]0;x\u{7}").validationError()?.hasPrefix("title must be plain") == true)
        #expect(CreateTaskRequest(title: "two\nlines").validationError() != nil)
        #expect(CreateTaskRequest(title: "ok", description: "multi\nline\tdescription").validationError() == nil)
    }
}
