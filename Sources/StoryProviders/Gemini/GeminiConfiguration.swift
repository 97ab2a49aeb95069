/// How to reach the Gemini API: address, key, models, time limits and retries. Model IDs come
/// from configuration only, because Google renames and retires them often.
///
/// The key is a secret: it travels in the `x-goog-api-key` header only, and ``description``
/// never shows it.
public struct GeminiConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The API root, without a trailing slash (`https://generativelanguage.googleapis.com/v1beta`).
    public var apiURL: String
    public var apiKey: String
    /// The model that writes stories (`gemini-2.5-flash`).
    public var textModel: String
    /// The model that paints pictures (`gemini-2.5-flash-image`, or an `imagen-*` model for ``ImagenIllustrator``).
    public var imageModel: String
    /// The longest a story call may take.
    public var textTimeout: Duration
    /// The longest a picture call may take.
    public var imageTimeout: Duration
    /// Calls one provider instance makes at once; the rest wait their turn.
    public var maxConcurrentCalls: Int
    /// Retries of transient HTTP failures (429 with a hint, 5xx, timeouts).
    public var retry: ProviderRetry

    /// The public Gemini Developer API.
    public static let defaultAPIURL = "https://generativelanguage.googleapis.com/v1beta"

    public init(apiKey: String, textModel: String, imageModel: String, apiURL: String = Self.defaultAPIURL,
                textTimeout: Duration = .seconds(120), imageTimeout: Duration = .seconds(180),
                maxConcurrentCalls: Int = 3, retry: ProviderRetry = ProviderRetry()) {
        var root = apiURL
        while root.hasSuffix("/") { root.removeLast() }
        self.apiURL = root
        self.apiKey = apiKey
        self.textModel = textModel
        self.imageModel = imageModel
        self.textTimeout = textTimeout
        self.imageTimeout = imageTimeout
        self.maxConcurrentCalls = max(1, maxConcurrentCalls)
        self.retry = retry
    }

    public var description: String {
        "GeminiConfiguration(apiURL: \(apiURL), apiKey: <redacted>, textModel: \(textModel), imageModel: \(imageModel), "
            + "textTimeout: \(textTimeout), imageTimeout: \(imageTimeout), maxConcurrentCalls: \(maxConcurrentCalls))"
    }

    public var debugDescription: String { description }

    /// What `dump` shows: everything but the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["apiURL": apiURL, "apiKey": "<redacted>", "textModel": textModel, "imageModel": imageModel,
                                "textTimeout": textTimeout, "imageTimeout": imageTimeout,
                                "maxConcurrentCalls": maxConcurrentCalls])
    }
}
