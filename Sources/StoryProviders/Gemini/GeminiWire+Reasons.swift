/// A wire enum that decodes any string: known values become cases, others `unknown(raw)`, so a
/// value Google adds tomorrow never breaks decoding.
protocol GeminiLenientEnum: Decodable, Sendable, Equatable {
    static var known: [String: Self] { get }
    static func unknown(_ raw: String) -> Self
}

extension GeminiLenientEnum {
    init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = Self.known[raw] ?? .unknown(raw)
    }
}

extension GeminiWire {
    /// Why a candidate stopped.
    enum FinishReason: GeminiLenientEnum {
        case stop, maxTokens, safety, recitation, language, other, blocklist, prohibitedContent, spii
        case imageSafety, imageProhibitedContent, noImage, imageRecitation, imageOther
        case unknown(String)

        static let known: [String: FinishReason] = [
            "STOP": .stop, "MAX_TOKENS": .maxTokens, "SAFETY": .safety, "RECITATION": .recitation,
            "LANGUAGE": .language, "OTHER": .other, "BLOCKLIST": .blocklist, "PROHIBITED_CONTENT": .prohibitedContent,
            "SPII": .spii, "IMAGE_SAFETY": .imageSafety, "IMAGE_PROHIBITED_CONTENT": .imageProhibitedContent,
            "NO_IMAGE": .noImage, "IMAGE_RECITATION": .imageRecitation, "IMAGE_OTHER": .imageOther,
        ]

        /// Whether the output was stopped by a safety filter (as opposed to failing).
        var isSafetyStop: Bool {
            switch self {
            case .safety, .blocklist, .prohibitedContent, .spii, .imageSafety, .imageProhibitedContent: true
            default: false
            }
        }

        /// The wire name, for error text.
        var name: String {
            if case let .unknown(raw) = self { return raw }
            return Self.known.first { $0.value == self }?.key ?? "UNKNOWN"
        }
    }

    /// Why a prompt was refused before any output.
    enum BlockReason: GeminiLenientEnum {
        case safety, other, blocklist, prohibitedContent, imageSafety
        case unknown(String)

        static let known: [String: BlockReason] = [
            "SAFETY": .safety, "OTHER": .other, "BLOCKLIST": .blocklist,
            "PROHIBITED_CONTENT": .prohibitedContent, "IMAGE_SAFETY": .imageSafety,
        ]

        var name: String {
            if case let .unknown(raw) = self { return raw }
            return Self.known.first { $0.value == self }?.key ?? "UNKNOWN"
        }
    }
}
