import Foundation

/// The request data a story writer sends: the JSON object on the user text's line that starts
/// with "Request data (JSON", which the fakes read the way a model would.
enum RequestDataLine {
    static let label = "Request data (JSON"

    /// The object, or nil when the text has no such line (or it does not parse).
    static func parse(_ userText: String) -> FakeJSON? {
        for line in userText.split(separator: "\n") where line.hasPrefix(label) {
            guard let brace = line.firstIndex(of: "{") else { continue }
            return FakeJSON.parse(Data(line[brace...].utf8))
        }
        return nil
    }
}
