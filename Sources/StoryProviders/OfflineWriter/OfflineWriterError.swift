import StoryDomain

/// Why the built-in writer refused a request.
public enum OfflineWriterError: Error, Sendable, Equatable {
    /// The built-in writer only writes English.
    case unsupportedLanguage(StoryLanguage)
}
