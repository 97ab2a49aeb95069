/// A file a person uploaded with an interaction (a modal's File Upload, or an attachment
/// option), as `data.resolved.attachments` describes it.
public struct ResolvedAttachment: Codable, Sendable, Equatable {
    public var id: Snowflake
    public var filename: String
    /// Bytes.
    public var size: Int
    /// Where the file can be downloaded (Discord's CDN).
    public var url: String
    public var contentType: String?
    public var width: Int?
    public var height: Int?

    public init(id: Snowflake, filename: String, size: Int, url: String, contentType: String? = nil, width: Int? = nil,
                height: Int? = nil) {
        self.id = id
        self.filename = filename
        self.size = size
        self.url = url
        self.contentType = contentType
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case id, filename, size, url, width, height
        case contentType = "content_type"
    }
}

/// `data.resolved` of an interaction: the fields this bot reads.
public struct ResolvedData: Codable, Sendable, Equatable {
    /// Keyed by attachment id.
    public var attachments: [String: ResolvedAttachment]?

    public init(attachments: [String: ResolvedAttachment]? = nil) { self.attachments = attachments }
}
