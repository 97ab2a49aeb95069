import Foundation
import StoryDomain

/// The JSON a model writes: `{title, pages: [{text, imagePrompt}], nextChoices: [string]}`.
/// Every field may be missing.
public struct ModelStoryDraft: Decodable, Sendable, Equatable {
    public struct Page: Decodable, Sendable, Equatable {
        public var text: String?
        public var imagePrompt: String?
    }

    public var title: String?
    public var pages: [Page]?
    /// 2–3 short ideas for the next chapter, quoted data (screened before use).
    public var nextChoices: [String]?
}

/// Checks a model's story against the request (page count, length for the age, the bedtime
/// screen in the story's language and the family's avoid-list) and turns it into a ``WrittenStory`` with the fixed character sheet
/// and a scene for every page.
public struct ModelStoryAssembler: Sendable {
    let provider: String
    let checker: GeneratedStoryChecker

    public init(provider: String, avoid: [String] = []) {
        self.provider = provider
        checker = GeneratedStoryChecker(avoidList: avoid)
    }

    /// Decodes the model's text (tolerating code fences around the JSON).
    public func decode(_ text: String) throws(ProviderError) -> ModelStoryDraft {
        var json = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if json.hasPrefix("```") {
            json = json.split(separator: "\n").dropFirst().joined(separator: "\n")
            if let fence = json.range(of: "```", options: .backwards) { json = String(json[..<fence.lowerBound]) }
        }
        guard let draft = try? JSONDecoder().decode(ModelStoryDraft.self, from: Data(json.utf8)) else {
            throw .unusableOutput(provider: provider, reason: "not the story JSON")
        }
        return draft
    }

    public func assemble(_ draft: ModelStoryDraft, request: StoryRequest, sheet: CharacterSheet) throws(ProviderError) -> WrittenStory {
        let pages = draft.pages ?? []
        guard pages.count == request.pageCount else {
            throw .invalidStory(provider: provider, reason: "it has \(pages.count) pages instead of \(request.pageCount)")
        }
        let band = request.ageBand
        // Models count loosely: accept from half the minimum to one and a half times the maximum.
        let allowed = (band.wordsPerPage.lowerBound / 2)...(band.wordsPerPage.upperBound * 3 / 2)
        var written: [WrittenPage] = []
        // A model may name the characters or repeat the theme in its picture prompts: names become roles.
        let pictures = PicturePromptGuard(sheet: sheet, request: request)
        for (index, page) in pages.enumerated() {
            let text = (page.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let words = text.split(whereSeparator: \.isWhitespace).count
            guard allowed.contains(words) else {
                throw .invalidStory(provider: provider,
                                    reason: "page \(index + 1) has \(words) words; it needs \(band.wordsPerPage.lowerBound)–\(band.wordsPerPage.upperBound)")
            }
            let scene = SceneSchedule.scene(page: index + 1, of: pages.count)
            let prompt = pictures.clean(page.imagePrompt ?? "") ?? pictures.sceneOnly(scene)
            written.append(WrittenPage(text: text, scene: scene, imagePrompt: prompt))
        }
        let title = (draft.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let story = WrittenStory(title: title.isEmpty ? "A Story for \(request.heroName)" : title, sheet: sheet, pages: written)
        do {
            // The family's own avoid-list travels with the request: a model gets one more try to leave it out.
            let checker = request.avoid.isEmpty ? checker : GeneratedStoryChecker(avoidList: checker.avoidList + request.avoid)
            var checked = try checker.check(story, for: request)
            checked.sheet.nextChoices = nextChoices(draft.nextChoices, request: request, avoid: checker.avoidList)
            return checked
        } catch let problem {
            switch problem {
            case let .avoidedWord(word):
                throw .invalidStory(provider: provider, reason: "it uses “\(word)”, which doesn't belong in a bedtime story")
            default:
                throw .invalidStory(provider: provider, reason: "\(problem)")
            }
        }
    }
}

extension ModelStoryAssembler {
    /// The model's ideas for what happens next, screened as the vote's choices are (one line of
    /// at most 55 characters, the bedtime screen in the story's language, the avoid-list, never
    /// the family's own words: the theme, the names); nil unless two survive, and the vote then
    /// offers the built-in choices.
    func nextChoices(_ ideas: [String]?, request: StoryRequest, avoid: [String]) -> [NextChoice]? {
        guard let ideas, !ideas.isEmpty, let quoted = try? JSONEncoder().encode(ideas) else { return nil }
        let familyTexts = [request.theme, request.heroName] + [request.companion].compactMap { $0 }
        return NextChoiceMaker().modelChoices(String(decoding: quoted, as: UTF8.self), avoid: avoid, familyTexts: familyTexts,
                                              language: request.language)
    }
}

/// The light and action of each page of a model-written story: from afternoon towards night,
/// ending asleep (the built-in writer plans its own scenes).
public enum SceneSchedule {
    public static func scene(page: Int, of count: Int) -> PageScene {
        if page >= count { return PageScene(timeOfDay: .night, action: .sleeping) }
        let times: [TimeOfDay] = [.afternoon, .goldenHour, .sunset, .dusk]
        let actions: [SceneAction] = [.walking, .discovering, .helping, .playing, .hugging, .resting]
        let progress = Double(page - 1) / Double(max(1, count - 1))
        let time = times[min(times.count - 1, Int(progress * Double(times.count)))]
        let action = page == count - 1 ? .resting : actions[(page - 1) % (actions.count - 1)]
        return PageScene(timeOfDay: time, action: action)
    }
}
