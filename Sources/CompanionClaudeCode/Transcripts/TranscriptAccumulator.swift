/// Folds parsed lines into messages with consecutive indices and pairs each tool result with its tool use. It can
/// continue a transcript whose earlier part was already indexed: give it the next index and the tool uses still
/// waiting for a result; results for those come back in ``earlierResults``.
struct TranscriptAccumulator {
    var facts: TranscriptFacts
    let firstNewIndex: Int
    private(set) var nextIndex: Int
    /// Tool uses without a result yet: id → message index.
    var openToolUses: [String: Int]
    private(set) var newMessages: [TranscriptMessage] = []
    /// Results for tool uses indexed before this batch.
    private(set) var earlierResults: [(index: Int, result: TranscriptRecord.ToolResult)] = []
    private(set) var malformedLineCount = 0

    init(facts: TranscriptFacts = TranscriptFacts(), nextIndex: Int = 0, openToolUses: [String: Int] = [:]) {
        self.facts = facts
        self.firstNewIndex = nextIndex
        self.nextIndex = nextIndex
        self.openToolUses = openToolUses
    }

    mutating func add(_ line: TranscriptLine) {
        switch line {
        case .skipped:
            return
        case .malformed:
            malformedLineCount += 1
        case .record(let record):
            facts.absorb(record)
            for item in record.items { add(item) }
            facts.messageCount = nextIndex
        }
    }

    private mutating func add(_ item: TranscriptRecord.Item) {
        switch item {
        case .message(var message):
            message.index = nextIndex
            if message.kind == .toolUse, let id = message.toolUseId { openToolUses[id] = nextIndex }
            newMessages.append(message)
            nextIndex += 1
        case .toolResult(let result):
            if let index = openToolUses.removeValue(forKey: result.toolUseId) {
                if index >= firstNewIndex {
                    newMessages[index - firstNewIndex].toolResult = result.text
                    newMessages[index - firstNewIndex].isError = result.isError
                    if result.isTruncated { newMessages[index - firstNewIndex].isTruncated = true }
                } else {
                    earlierResults.append((index, result))
                }
            } else {
                add(
                    .message(
                        TranscriptMessage(
                            role: .user, kind: .toolResult, toolUseId: result.toolUseId, toolResult: result.text,
                            isError: result.isError, timestamp: result.timestamp, uuid: result.uuid,
                            isTruncated: result.isTruncated)))
            }
        }
    }
}
