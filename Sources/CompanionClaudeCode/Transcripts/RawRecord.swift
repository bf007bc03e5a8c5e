/// The fields of a transcript record the index uses. ``RawRecordScanner`` reads them from a line's bytes; a line it
/// cannot decide is decoded with `JSONDecoder` (`init(from:)`, the reference the scanner's results are tested
/// against). A field of an unexpected type reads as absent.
struct RawRecord: Decodable, Equatable {
    var type: String
    var isSidechain: Bool?
    var isMeta: Bool?
    var isCompactSummary: Bool?
    var timestamp: String?
    var cwd: String?
    var gitBranch: String?
    var version: String?
    var uuid: String?
    var subtype: String?
    var content: String?
    var message: RawMessage?
    var customTitle: String?
    var aiTitle: String?
    var summary: String?

    enum CodingKeys: String, CodingKey {
        case type, isSidechain, isMeta, isCompactSummary, timestamp, cwd, gitBranch, version, uuid, subtype, content
        case message, customTitle, aiTitle, summary
    }

    init(type: String) { self.type = type }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(String.self, forKey: .type)
        isSidechain = try? c.decodeIfPresent(Bool.self, forKey: .isSidechain)
        isMeta = try? c.decodeIfPresent(Bool.self, forKey: .isMeta)
        isCompactSummary = try? c.decodeIfPresent(Bool.self, forKey: .isCompactSummary)
        timestamp = try? c.decodeIfPresent(String.self, forKey: .timestamp)
        cwd = try? c.decodeIfPresent(String.self, forKey: .cwd)
        gitBranch = try? c.decodeIfPresent(String.self, forKey: .gitBranch)
        version = try? c.decodeIfPresent(String.self, forKey: .version)
        uuid = try? c.decodeIfPresent(String.self, forKey: .uuid)
        subtype = try? c.decodeIfPresent(String.self, forKey: .subtype)
        content = try? c.decodeIfPresent(String.self, forKey: .content)
        message = try? c.decodeIfPresent(RawMessage.self, forKey: .message)
        customTitle = try? c.decodeIfPresent(String.self, forKey: .customTitle)
        aiTitle = try? c.decodeIfPresent(String.self, forKey: .aiTitle)
        summary = try? c.decodeIfPresent(String.self, forKey: .summary)
    }
}

/// A record's `message`: its model and content.
struct RawMessage: Decodable, Equatable {
    var model: String?
    var content: RawContent?

    enum CodingKeys: String, CodingKey { case model, content }

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        model = try? c.decodeIfPresent(String.self, forKey: .model)
        content = try? c.decodeIfPresent(RawContent.self, forKey: .content)
    }
}

/// Message or tool-result content: a string or an array of blocks.
enum RawContent: Decodable, Equatable {
    case text(String)
    case blocks([RawBlock])

    init(from decoder: any Decoder) throws {
        // Arrays first: most content is (every assistant record's), and a failed attempt costs an error.
        let c = try decoder.singleValueContainer()
        if let blocks = try? c.decode([RawBlock].self) {
            self = .blocks(blocks)
        } else {
            self = .text(try c.decode(String.self))
        }
    }
}

/// One content block (text, thinking, image, tool use, tool result).
struct RawBlock: Decodable, Equatable {
    var type: String?
    var text: String?
    var thinking: String?
    var name: String?
    var id: String?
    var input: JSONText?
    var toolUseId: String?
    var content: RawContent?
    var isError: Bool?

    enum CodingKeys: String, CodingKey {
        case type, text, thinking, name, id, input, content
        case toolUseId = "tool_use_id"
        case isError = "is_error"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try? c.decodeIfPresent(String.self, forKey: .type)
        text = try? c.decodeIfPresent(String.self, forKey: .text)
        thinking = try? c.decodeIfPresent(String.self, forKey: .thinking)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        id = try? c.decodeIfPresent(String.self, forKey: .id)
        input = try? c.decodeIfPresent(JSONText.self, forKey: .input)
        toolUseId = try? c.decodeIfPresent(String.self, forKey: .toolUseId)
        content = try? c.decodeIfPresent(RawContent.self, forKey: .content)
        isError = try? c.decodeIfPresent(Bool.self, forKey: .isError)
    }
}
