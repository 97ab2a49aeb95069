import Foundation

/// The labelled theme set of `scripts/storyteller/themes.json`: what families ask for, each theme
/// with its subject, action, object, setting and (where present) weather or occasion, for the
/// storyteller's measures (`--storyteller`, `--storyteller-dump`, `scripts/storyteller/check.py`).
struct StorytellerThemeSet {
    /// One theme as written in the file: its id, the words a family types, and its labels (kept as
    /// read, for the dump and the checker).
    struct Theme {
        var id: String
        var text: String
        var labels: [String: Any]
    }

    /// Every story of the set is told at these ages…
    static let ages = [3, 6, 9]
    /// …with these seeds, each with its own hero name (the name a family types in `/story new`).
    static let seeds: [(seed: UInt64, hero: String)] = [(11, "Mia"), (22, "Theo"), (33, "Amara")]
    /// The file, relative to the repository's root.
    static let defaultPath = "scripts/storyteller/themes.json"

    var themes: [Theme]

    /// Reads the set from `path` (`--themes PATH`, else ``defaultPath``).
    static func load(arguments: [String]) throws -> StorytellerThemeSet {
        let path = arguments.firstIndex(of: "--themes").flatMap { arguments.dropFirst($0 + 1).first } ?? defaultPath
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["themes"] as? [[String: Any]] else {
            throw StorytellerThemeSetError.unreadable(path)
        }
        let themes = try entries.map { entry in
            guard let id = entry["id"] as? String, let text = entry["theme"] as? String else {
                throw StorytellerThemeSetError.unreadable(path)
            }
            return Theme(id: id, text: text, labels: entry.filter { $0.key != "id" && $0.key != "theme" })
        }
        return StorytellerThemeSet(themes: themes)
    }
}

/// The theme set's file is missing a theme's id or words.
enum StorytellerThemeSetError: Error, CustomStringConvertible {
    case unreadable(String)

    var description: String {
        switch self {
        case let .unreadable(path): "\(path): expected {\"themes\": [{\"id\": …, \"theme\": …, labels…}]}"
        }
    }
}
