import DiscordModels

extension DiscordErrorBody {
    /// The message plus each field error, e.g. `Invalid Form Body (data.content: Must be 2000 or fewer in length.)`.
    var summary: String {
        var details: [String] = []
        collect(errors, path: [], into: &details)
        return details.isEmpty ? message : "\(message) (\(details.prefix(5).joined(separator: "; ")))"
    }

    private func collect(_ value: JSONValue?, path: [String], into details: inout [String]) {
        guard case let .object(fields)? = value else { return }
        for (key, child) in fields.sorted(by: { $0.key < $1.key }) {
            if key == "_errors", case let .array(entries) = child {
                let messages = entries.compactMap { entry -> String? in
                    guard case let .object(error) = entry, case let .string(text)? = error["message"] else { return nil }
                    return text
                }
                let location = path.isEmpty ? "" : path.joined(separator: ".") + ": "
                details.append(location + messages.joined(separator: " "))
            } else {
                collect(child, path: path + [key], into: &details)
            }
        }
    }
}
