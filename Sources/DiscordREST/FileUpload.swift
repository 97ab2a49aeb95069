import Foundation

/// A file sent as a `files[n]` part; reference it from an embed as `attachment://<filename>`.
public struct FileUpload: Sendable, Equatable {
    /// The name Discord shows and `attachment://` refers to.
    public var filename: String
    /// The part's content type, e.g. `image/png`.
    public var contentType: String
    /// The file's bytes, sent unchanged.
    public var data: Data
    /// Alt text (`attachments[n].description`).
    public var description: String?
    /// For a voice message: its length (`attachments[n].duration_secs`) and base64 waveform.
    public var durationSecs: Double?
    public var waveform: String?

    public init(filename: String, contentType: String, data: Data, description: String? = nil, durationSecs: Double? = nil,
                waveform: String? = nil) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
        self.description = description
        self.durationSecs = durationSecs
        self.waveform = waveform
    }
}
