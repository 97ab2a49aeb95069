import DiscordAdapter
import DiscordModels
import Foundation
import StoryBot
import StoryDomain
import Testing

/// `/story new` without options opens a form; its answer is the same `/story new` as typed options.
@Suite("Discord: the form for a new story")
struct DiscordStoryFormTests {
    static let cast = (1...30).map { "Hero\($0)" }

    @Test("without a cast: the theme (required), a typed hero name and the age band; no cast inputs")
    func formWithoutCast() throws {
        let modal = DiscordStoryForm.modal(cast: [])
        #expect(modal.customID == DiscordStoryForm.customID && modal.title.count <= ModalPayload.maxTitle)
        #expect(modal.components.allSatisfy { $0.type == 18 && ($0.label?.count ?? 0) <= 45 && ($0.description?.count ?? 0) <= 100 })
        let inputs = modal.components.compactMap(\.child)
        #expect(inputs.map(\.customID) == ["theme", "name", "age"])
        #expect(inputs.map(\.type) == [4, 4, 21])
        #expect(inputs[0].required == true && inputs[0].maxLength == 200 && inputs[0].label == nil)
        #expect(inputs[1].required == false && inputs[1].maxLength == 40)
        #expect(inputs[2].options?.map(\.value) == ["3", "6", "10"] && inputs[2].required == false)
    }

    @Test("with a big cast: five Labels at most, the select within 25 options, the checkboxes within 10 (up to three heroes)")
    func formWithCast() throws {
        let modal = DiscordStoryForm.modal(cast: Self.cast)
        #expect(modal.components.count == 5)
        let inputs = modal.components.compactMap(\.child)
        #expect(inputs.map(\.customID) == ["theme", "hero", "name", "age", "more_cast"])
        #expect(inputs.map(\.type) == [4, 3, 4, 21, 22])
        #expect(inputs[1].options?.count == 25 && inputs[1].required == false)
        #expect(inputs[4].options?.count == 10 && inputs[4].minValues == 0 && inputs[4].maxValues == 3 && inputs[4].required == false)
        // One member: a select, but no "more" checkboxes.
        let one = DiscordStoryForm.modal(cast: ["Leo"]).components.compactMap(\.child).map(\.customID)
        #expect(one == ["theme", "hero", "name", "age"])
    }

    @Test("the modal callback is encoded as Discord's Label form and read back")
    func encoding() throws {
        let response = InteractionResponse.modal(DiscordStoryForm.modal(cast: ["Leo", "Max"]))
        let json = try #require(String(data: try DiscordJSON.encoder().encode(response), encoding: .utf8))
        #expect(json.contains(#""type":9"#) && json.contains(#""custom_id":"ms:form:story""#))
        #expect(json.contains(#""component":{"#) && json.contains(#""min_values":0"#) && !json.contains("\"content\""))
        let decoded = try DiscordJSON.decoder().decode(InteractionResponse.self, from: Data(json.utf8))
        #expect(decoded == response)
        #expect(decoded.data?.message == nil)
    }

    @Test("/story new with no options asks for the form; with any option it is a command as before")
    func opensForm() {
        let translator = InteractionTranslator()
        #expect(translator.request(of: Self.slash([])) == .storyForm)
        let typed = translator.request(of: Self.slash([Interaction.Option(name: "theme", type: 3, value: .string("a sleepy dragon"))]))
        #expect(typed == .input(.command(.storyNew(StoryRequestDraft(theme: "a sleepy dragon")))))
        let noTheme = translator.request(of: Self.slash([Interaction.Option(name: "name", type: 3, value: .string("Mia"))]))
        #expect(noTheme == .invalid(.missingValue(option: "theme")))
    }

    @Test("a form's answers become /story new: the theme, the typed name, the age, the chosen hero then the others")
    func submit() throws {
        let request = InteractionTranslator().request(of: try Self.submit(#"""
            [{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"theme","value":"a sleepy dragon"}},
             {"type":18,"id":3,"component":{"type":3,"id":4,"custom_id":"hero","values":["Leo"]}},
             {"type":18,"id":5,"component":{"type":4,"id":6,"custom_id":"name","value":""}},
             {"type":18,"id":7,"component":{"type":21,"id":8,"custom_id":"age","value":"6"}},
             {"type":18,"id":9,"component":{"type":22,"id":10,"custom_id":"more_cast","values":["Max","Leo"]}}]
            """#))
        #expect(request == .input(.command(.storyNew(StoryRequestDraft(theme: "a sleepy dragon", age: "6", cast: "Leo,Max")))))
    }

    @Test("a form without a theme is refused like the typed command (privately, by the router); other forms are ignored")
    func refusedSubmit() throws {
        let translator = InteractionTranslator()
        let empty = try Self.submit(#"""
            [{"type":18,"id":1,"component":{"type":4,"id":2,"custom_id":"theme","value":"  "}},
             {"type":18,"id":3,"component":{"type":4,"id":4,"custom_id":"name","value":"Mia"}},
             {"type":18,"id":5,"component":{"type":21,"id":6,"custom_id":"age","value":null}}]
            """#)
        #expect(translator.request(of: empty) == .invalid(.missingValue(option: "theme")))
        // The legacy layout (an action row around a text input) is read too.
        let legacy = try Self.submit(#"[{"type":1,"components":[{"type":4,"custom_id":"theme","value":"the moon"}]}]"#)
        #expect(translator.request(of: legacy) == .input(.command(.storyNew(StoryRequestDraft(theme: "the moon")))))
        let other = try Self.submit(#"[{"type":18,"component":{"type":4,"custom_id":"theme","value":"x"}}]"#, customID: "someone-else")
        #expect(translator.request(of: other) == .ignored)
    }

    @Test("Discord is told the theme is optional (the form asks for it); typed commands still need it")
    func themeOptional() throws {
        let story = try #require(DiscordCommandSet.commands.first { $0.name == "story" })
        let new = try #require(story.options?.first { $0.name == "new" })
        let theme = try #require(new.options?.first { $0.name == "theme" })
        #expect(theme.required != true)
        #expect(CommandCatalog.entry(command: "story", subcommand: "new")?.options.first { $0.name == "theme" }?.required == true)
        let read = try #require(story.options?.first { $0.name == "read" }?.options?.first { $0.name == "story" })
        #expect(read.required == true, "other required options stay required")
    }

    static func slash(_ options: [Interaction.Option]) -> Interaction {
        Interaction(id: 1, applicationID: 2, type: .applicationCommand,
                    data: Interaction.Data(id: 3, name: "story", options: [Interaction.Option(name: "new", type: 1, options: options)]),
                    guildID: 4, channelID: 5, member: nil, user: User(id: 6, username: "alice"), token: "t")
    }

    static func submit(_ components: String, customID: String = DiscordStoryForm.customID) throws -> Interaction {
        let json = #"{"id":"10","application_id":"2","type":5,"token":"t","channel_id":"5","guild_id":"4","#
            + #""user":{"id":"6","username":"alice"},"data":{"custom_id":"\#(customID)","components":\#(components)}}"#
        return try DiscordJSON.decoder().decode(Interaction.self, from: Data(json.utf8))
    }
}
