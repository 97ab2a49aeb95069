import Foundation
import StoryDomain
import StoryProviders

/// `magical-stories-bench --storyteller-dump FILE.json [--pictures DIR] [--only ID,ID…] [--themes PATH] [--pages N]`: tells every
/// story of the theme set (each theme × ages 3, 6, 9 × three seeds, 5 pages, built-in writer and
/// illustrator) and writes them as JSON for `scripts/storyteller/check.py`: theme and labels, age,
/// seed, hero and companion, title, and each page's text, scene and picture composition. With
/// `--pictures DIR`, also each page's PNG as `DIR/<theme id>/age<A>-seed<S>-p<N>.png`; `--only` tells only
/// the themes of those ids (the contact sheets' six); `--pages N` tells N-page stories (3–12; a premium family's
/// long stories) instead of 5.
enum StorytellerDump {
    static func run(arguments: [String]) async throws {
        guard let flag = arguments.firstIndex(of: "--storyteller-dump"), let output = arguments.dropFirst(flag + 1).first else {
            throw StorytellerDumpError.usage
        }
        let pictures = arguments.firstIndex(of: "--pictures").flatMap { arguments.dropFirst($0 + 1).first }
        var set = try StorytellerThemeSet.load(arguments: arguments)
        if let only = arguments.firstIndex(of: "--only").flatMap({ arguments.dropFirst($0 + 1).first }) {
            let ids = Set(only.split(separator: ",").map(String.init))
            set.themes = set.themes.filter { ids.contains($0.id) }
        }
        let maker = StorytellerStoryMaker()
        let pageCount = arguments.firstIndex(of: "--pages").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) }
        var stories: [[String: Any]] = []
        for theme in set.themes {
            for age in StorytellerThemeSet.ages {
                for (seed, hero) in StorytellerThemeSet.seeds {
                    let request = try maker.request(theme: theme.text, hero: hero, age: age, seed: seed, pages: pageCount)
                    let story = try await maker.write(request)
                    var pages: [[String: Any]] = []
                    var previous: Illustration?
                    for index in story.pages.indices {
                        let picturing = maker.illustrationRequest(story, page: index, previous: previous, seed: seed)
                        var page: [String: Any] = [
                            "number": index + 1, "text": story.pages[index].text,
                            "scene": try jsonObject(story.pages[index].scene),
                            "composition": maker.illustrator.picture(for: picturing).composition,
                        ]
                        if let pictures {
                            let picture = try await maker.illustrator.illustrate(picturing)
                            let folder = URL(fileURLWithPath: pictures).appendingPathComponent(theme.id)
                            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                            let file = folder.appendingPathComponent("age\(age)-seed\(seed)-p\(index + 1).png")
                            try picture.data.write(to: file)
                            page["picture"] = "\(theme.id)/\(file.lastPathComponent)"
                            previous = picture
                        }
                        pages.append(page)
                    }
                    stories.append([
                        "themeId": theme.id, "theme": theme.text, "labels": theme.labels, "age": age, "seed": seed,
                        "hero": try jsonObject(story.sheet.hero), "companion": try story.sheet.companion.map(jsonObject) ?? NSNull(),
                        "friends": try story.sheet.friends.map(jsonObject), "setting": story.sheet.setting.rawValue,
                        "title": story.title, "pages": pages,
                    ])
                }
            }
            FileHandle.standardError.write(Data("told \(theme.id)\n".utf8))
        }
        let root: [String: Any] = ["writer": "offline", "illustrator": "offline", "ages": StorytellerThemeSet.ages,
                                   "seeds": StorytellerThemeSet.seeds.map { Int($0.seed) }, "stories": stories]
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: output))
        print("Wrote \(stories.count) stories of \(set.themes.count) themes to \(output)" + (pictures.map { " and their pictures to \($0)" } ?? ""))
    }

    /// A Codable value as a JSON object (for the untyped document above).
    static func jsonObject(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
    }
}

/// `--storyteller-dump` without a file.
enum StorytellerDumpError: Error, CustomStringConvertible {
    case usage

    var description: String {
        "usage: magical-stories-bench --storyteller-dump FILE.json [--pictures DIR] [--only ID,ID…] [--themes PATH] [--pages N]"
    }
}
