import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// Every sentence the built-in writer can say, parsed: each frame (TaleFrames, the friends' lines,
/// the worlds' arrivals) rendered with real theme readings in every plot shape and with the sample
/// casts of ``TaleFrameTests`` (names with and without pronouns), then checked by the storyteller
/// checker's grammar (`scripts/storyteller/check.py --sentences`: Debian's link-grammar, offline,
/// names replaced by names its dictionary knows, the reviewed shapes of grammar-allowed.txt), so a
/// frame that can produce broken English fails here. Needs `link-parser` (scripts/setup.sh).
@Suite("Built-in writer: every frame parses")
struct TaleFrameGrammarTests {
    /// The broken frames families heard (issue #31): the same run must find each.
    static let broken = [
        "By the time they reached in the long grass, the sun was low.",
        "Mia met a shy robot who was shy but friendly.",
        "Inside a round crater was footprints.",
        "Then Mia looked closer, and storms was not scary at all.",
    ]

    /// Every template the writer may say: a shape's own beats (said only in that shape, nil for the
    /// lines of every shape) and its templates.
    static var templates: [(shape: PlotShape?, template: String)] {
        func split(_ lines: [TaleLine]) -> [String] { lines.flatMap(\.alternatives).flatMap { $0.split(separator: "|").map(String.init) } }
        var result: [(PlotShape?, String)] = []
        for shape in PlotShape.allCases {
            let own = PlotBeat.allCases.filter { $0 != .bedtime }.flatMap { TaleFrames.lines(shape, $0) } + [TaleLine([TaleFrames.refrain(shape)])]
            // The tale's own frames (TaleFrames+Tale.swift): the said refrain and the toddler lines.
            let tale = [TaleFrames.saidRefrain(shape)] + PlotBeat.allCases.flatMap { TaleFrames.youngBeat(shape, $0) }
            result += split(own + tale).map { (shape, $0) }
        }
        var common = [TaleFrames.other, TaleFrames.thing, TaleFrames.setting, TaleFrames.asleep] + TaleFrames.rounding + TaleFrames.keepingOn
            + TaleFrames.bedtime
        for weather in SceneWeather.allCases { common += [TaleFrames.weather(weather, indoors: true), TaleFrames.weather(weather, indoors: false)] }
        for occasion in ["picnic", "birthday", "party"] { common.append(TaleFrames.occasion(occasion)) }
        common += [TaleFrames.goodnightAway, TaleFrames.youngSetting, TaleFrames.youngAsleep, TaleFrames.moreSetting,
                   TaleFrames.occasionSoon, TaleFrames.occasionHeld] + TaleFrames.longBeats
        common += SceneWeather.allCases.compactMap(TaleFrames.bedtimeWeather)
        var lines = split(common)
        for weather in SceneWeather.allCases {
            lines += TaleFrames.moreWeather(weather, indoors: true) + TaleFrames.moreWeather(weather, indoors: false)
        }
        for setting in StorySetting.allCases {
            let arrive = StoryWorld.forSetting(setting).arrive
            lines += arrive.short + arrive.long
        }
        result += lines.map { (nil, $0) }
        var seen: Set<String> = []
        return result.filter { seen.insert("\($0.0?.rawValue ?? "-")|\($0.1)").inserted }
    }

    /// The friends' lines, with one friend and with two.
    static var friendSentences: [String] {
        let templates = FriendLines.arriving + FriendLines.start + FriendLines.middle + FriendLines.home
        return templates.flatMap { template in
            ["Ivy", "Ivy and Tom"].map { friends in
                template.replacingOccurrences(of: "{name}", with: "Ivy").replacingOccurrences(of: "{friends}", with: friends)
                    .replacingOccurrences(of: "{hero}", with: "Mia")
            }
        }
    }

    /// Slot values of real themes, as the writer reads them and in the shape it tells them in.
    static func readings() -> (renderers: [(PlotShape, TemplateRenderer)], names: Set<String>) {
        var renderers: [(PlotShape, TemplateRenderer)] = []
        var names: Set<String> = []
        let writer = OfflineStoryWriter()
        for (index, entry) in StorytellerSupport.entries.enumerated() {
            let (theme, shape) = writer.plan(StorytellerSupport.request(entry, index: index))
            for figure in [theme.subject, theme.partner, theme.hero, theme.other].compactMap({ $0 }) where !figure.name.hasPrefix("the ") {
                names.insert(figure.name)
            }
            var rng = SeededGenerator(seed: UInt64(index), salt: shape.rawValue)
            let values = TaleSlots.values(theme: theme, shape: shape, world: .forSetting(entry.setting), companion: nil, rng: &rng)
            renderers.append((shape, TemplateRenderer(values: values)))
        }
        return (renderers, names)
    }

    /// Every trait in every shape, told by a dragon with a partner who has pronouns (so the lines that
    /// need them render too), in every world.
    static func traitsInEveryShape() -> [(PlotShape, TemplateRenderer)] {
        let subject = TaleFigure(name: "Ember", word: "dragon", describers: ["little"], pronouns: .she, kind: .dragon)
        let partner = TaleFigure(name: "Leo", word: nil, pronouns: .he, kind: .child)
        let fly = TaleAction(kind: .learning, base: "fly", ing: "flying", past: "flew", third: "flies", sceneAction: .flying)
        let traits: [TaleTheme.Trait] = [.fear("the dark"), .fear("climbing"), .fear("storms"), .sleepless, .wish(fly), .quality("shy"), .firstTime]
        let actions: [TaleAction?] = [
            TaleAction(kind: .making, base: "bake", ing: "baking", past: "baked", third: "bakes", object: "bread", sceneAction: .making),
            TaleAction(kind: .sharing, base: "share", ing: "sharing", past: "shared", third: "shares", object: "apples", sceneAction: .playing),
            nil,
        ]
        var renderers: [(PlotShape, TemplateRenderer)] = []
        for (index, trait) in traits.enumerated() {
            for (offset, shape) in PlotShape.allCases.enumerated() {
                let action = actions[(index + offset) % actions.count] ?? (shape == .contest ? .general(.contest) : nil)
                var theme = TaleTheme(subject: subject, partner: partner, subjectIsHero: false, hero: partner, trait: trait,
                                      action: action, things: action?.object.map { [$0] } ?? ["lantern"])
                theme.other = TaleFigure(name: "the old owl", word: "owl", pronouns: nil, kind: nil)
                let settings = StorySetting.allCases
                var rng = SeededGenerator(seed: UInt64(index * 8 + offset))
                let values = TaleSlots.values(theme: theme, shape: shape, world: .forSetting(settings[(index * 8 + offset) % settings.count]),
                                              companion: TaleFigure(name: "Biscuit", word: "dog", pronouns: nil, kind: .dog), rng: &rng)
                renderers.append((shape, TemplateRenderer(values: values)))
            }
        }
        return renderers
    }

    @Test("every frame, with real themes in every shape and casts with pronouns, parses; the broken frames do not")
    func everyFrameParses() throws {
        let (readings, names) = Self.readings()
        let samples = TaleFrameTests.samples().compactMap { label, renderer in
            PlotShape.allCases.first { "\($0)" == label.split(separator: "/").last.map(String.init) }.map { ($0, renderer) }
        }
        let everyone = readings + Self.traitsInEveryShape() + samples
        var sentences: [String] = []
        var unrendered: [String] = []
        for (index, (shape, template)) in Self.templates.enumerated() {
            // Up to three renderings of each frame, from different themes and casts told in its shape.
            let renderers = everyone.filter { shape == nil || $0.0 == shape }.map(\.1)
            var texts: [String] = []
            for offset in 0..<renderers.count where texts.count < 3 {
                if let text = renderers[(index * 37 + offset * 11) % renderers.count].render(template), !texts.contains(text) {
                    texts.append(text)
                }
            }
            if texts.isEmpty { unrendered.append(template) }
            sentences += texts
        }
        #expect(unrendered.isEmpty, "frames no sample renders (add a sample): \(unrendered)")
        #expect(sentences.count > 1_000)
        sentences += Self.friendSentences
        let allNames = names.union(["Mia", "Leo", "Sam", "Ember", "Ivy", "Tom", "Biscuit"]).sorted()
        let (status, output) = try Self.check(sentences + Self.broken, names: allNames)
        let findings = output.split(separator: "\n").filter { $0.hasPrefix("[") }
        for sentence in Self.broken {
            #expect(findings.contains { $0.hasSuffix("] \(sentence)") }, "the checker missed a broken frame: \(sentence)")
        }
        let frameFindings = findings.filter { finding in !Self.broken.contains { finding.hasSuffix("] \($0)") } }
        #expect(status == 1 && frameFindings.isEmpty, "\(frameFindings.count) frames with grammar findings:\n\(frameFindings.joined(separator: "\n"))\n\(output.suffix(300))")
    }

    /// Runs check.py --sentences on `sentences` (one a line): its exit status and output.
    static func check(_ sentences: [String], names: [String]) throws -> (Int32, String) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tale-frames-\(UUID().uuidString).txt")
        try sentences.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/storyteller/check.py").path,
                             "--sentences", file.path, "--names", names.joined(separator: ",")]
        // The checker's report (and a missing link-parser's message) goes to a file read once it has exited.
        let report = file.appendingPathExtension("report")
        FileManager.default.createFile(atPath: report.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: report) }
        let handle = try FileHandle(forWritingTo: report)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: report, encoding: .utf8))
    }
}
