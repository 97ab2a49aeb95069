import StoryBot
import StoryDomain
import Testing

@Suite("CommandParser")
struct CommandParserTests {
    let parser = CommandParser()

    @Test("the example from the product page parses")
    func productExample() throws {
        let command = try parser.parse(#"/story new theme:"a sleepy dragon" name:Mia age:5"#)
        #expect(command == .storyNew(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", age: "5")))
    }

    @Test("/cast commands and cast: on stories and collections")
    func cast() throws {
        #expect(try parser.parse("/cast add name:Leo kind:child age:5 look:curly red hair, green pyjamas")
            == .castAdd(name: "Leo", kind: "child", age: "5", look: "curly red hair, green pyjamas"))
        #expect(try parser.parse("/cast add Max kind:dog") == .castAdd(name: "Max", kind: "dog", age: nil, look: nil))
        #expect(try parser.parse("/cast list") == .castList)
        #expect(try parser.parse("/cast show") == .castShow(name: nil))
        #expect(try parser.parse("/cast show Leo") == .castShow(name: "Leo"))
        #expect(try parser.parse("/cast edit Leo look:a yellow raincoat") == .castEdit(name: "Leo", kind: nil, age: nil, look: "a yellow raincoat"))
        #expect(try parser.parse("/cast remove name:Leo") == .castRemove(name: "Leo"))
        #expect(try parser.parse("/story new theme:a picnic cast:Leo, Max")
            == .storyNew(StoryRequestDraft(theme: "a picnic", cast: "Leo, Max")))
        #expect(try parser.parse("/collection new goal:kindness cast:Leo")
            == .collectionNew(CollectionDraft(goal: "kindness", cast: "Leo")))
        #expect(try parser.parse("/collection new goal:bravery name:Mia companion:Max pronouns:she")
            == .collectionNew(CollectionDraft(goal: "bravery", heroName: "Mia", companion: "Max", pronouns: "she")))
        #expect(throws: CommandParseError.missingValue(option: "kind")) { try parser.parse("/cast add name:Leo") }
    }

    @Test("pronouns: on /cast add, /cast edit and /story new, as typed (checked when used), in any case and after a long look")
    func pronouns() throws {
        #expect(try parser.parse("/cast add name:Leo kind:child age:5 look:curly red hair, green pyjamas pronouns:he")
            == .castAdd(name: "Leo", kind: "child", age: "5", look: "curly red hair, green pyjamas", pronouns: "he"))
        #expect(try parser.parse("/cast edit Leo Pronouns:She") == .castEdit(name: "Leo", kind: nil, age: nil, look: nil, pronouns: "She"))
        #expect(try parser.parse("/cast edit Leo pronouns:he/him look:a yellow raincoat")
            == .castEdit(name: "Leo", kind: nil, age: nil, look: "a yellow raincoat", pronouns: "he/him"))
        #expect(try parser.parse("/cast edit Leo pronouns:name") == .castEdit(name: "Leo", kind: nil, age: nil, look: nil, pronouns: "name"))
        #expect(try parser.parse(#"/story new theme:"a sleepy dragon" name:Mia pronouns:they"#)
            == .storyNew(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", pronouns: "they")))
        #expect(throws: CommandParseError.unknownOption(command: "cast list", option: "pronouns", expected: [])) {
            try parser.parse("/cast list pronouns:he")
        }
    }

    @Test("unquoted values run until the next option; options in any order and case")
    func unquotedValues() throws {
        let command = try parser.parse("/Story NEW name:Léa Rose theme:a moon who lost her glasses pages:4 Companion:Mr Whiskers")
        #expect(command == .storyNew(StoryRequestDraft(theme: "a moon who lost her glasses", heroName: "Léa Rose",
                                                      companion: "Mr Whiskers", pages: "4")))
    }

    @Test("curly quotes from phones work, and quotes protect colons")
    func curlyQuotes() throws {
        #expect(try parser.parse("/story new theme:“time: the clock’s tale”") == .storyNew(StoryRequestDraft(theme: "time: the clock’s tale")))
        #expect(try parser.parse(#"/story new "a quiet owl" age:3"#) == .storyNew(StoryRequestDraft(theme: "a quiet owl", age: "3")))
    }

    @Test("positional values and other subcommands")
    func subcommands() throws {
        #expect(try parser.parse("/story library") == .storyLibrary(page: 1))
        #expect(try parser.parse("/story continue") == .storyContinue(story: ""))
        #expect(try parser.parse("/story continue Sleepy Dragon") == .storyContinue(story: "Sleepy Dragon"))
        #expect(try parser.parse("/story continue story:abc123") == .storyContinue(story: "abc123"))
        #expect(try parser.parse("/story library 3") == .storyLibrary(page: 3))
        #expect(try parser.parse("/story read The Sleepy Dragon") == .storyRead(story: "The Sleepy Dragon"))
        #expect(try parser.parse("/story delete story:Moon") == .storyDelete(story: "Moon"))
        #expect(try parser.parse("/story listen") == .storyListen(story: "", page: nil))
        #expect(try parser.parse("/story listen The Sleepy Dragon page:2") == .storyListen(story: "The Sleepy Dragon", page: "2"))
        #expect(try parser.parse("/story listen page:whole") == .storyListen(story: "", page: "whole"))
        #expect(try parser.parse("/help") == .help)
        #expect(try parser.parse("  /HELP  ") == .help)
        #expect(try parser.parse("/settings forget") == .settingsForget)
        #expect(throws: CommandParseError.unexpectedText("everything")) { try parser.parse("/settings forget everything") }
    }

    @Test("emoji and right-to-left text survive parsing")
    func unicode() throws {
        #expect(try parser.parse("/story new theme:🐉 and 🌙 name:سارة") == .storyNew(StoryRequestDraft(theme: "🐉 and 🌙", heroName: "سارة")))
    }

    @Test("mistakes get specific errors", arguments: [
        ("/dance", CommandParseError.unknownCommand("dance")),
        ("/story", .unknownSubcommand(command: "story", given: nil, expected: ["new", "continue", "library", "read", "book", "delete", "listen"])),
        ("/story fly", .unknownSubcommand(command: "story", given: "fly", expected: ["new", "continue", "library", "read", "book", "delete", "listen"])),
        (#"/story new theme:"a sleepy dragon"#, .unbalancedQuote),
        ("/story new theme:x colour:blue", .unknownOption(command: "story new", option: "colour",
                                                          expected: ["theme", "name", "age", "companion", "pages", "language", "cast", "pronouns"])),
        ("/story new theme:x theme:y", .duplicateOption("theme")),
        ("/story new name:Mia", .missingValue(option: "theme")),
        ("/story read", .missingValue(option: "story")),
        ("/help me please", .badValue(option: "topic", hint: "`more`, e.g. `/help more`")),
        ("/", .unknownCommand("")),
    ])
    func errors(text: String, expected: CommandParseError) {
        #expect(throws: expected) { try parser.parse(text) }
    }

    @Test("over-long input is refused before parsing")
    func tooLong() {
        #expect(throws: CommandParseError.tooLong(limit: 2000)) { try parser.parse("/story new theme:" + String(repeating: "a", count: 3000)) }
    }

    @Test("structured input (as Discord sends it) builds the same commands")
    func structured() throws {
        #expect(try CommandBuilder.build(command: "story", subcommand: "new", options: ["theme": "owls", "age": "4"])
            == .storyNew(StoryRequestDraft(theme: "owls", age: "4")))
        #expect(throws: CommandParseError.self) { try CommandBuilder.build(command: "story", subcommand: "new", options: ["bogus": "1", "theme": "x"]) }
        #expect(throws: CommandParseError.unknownCommand("nope")) { try CommandBuilder.build(command: "nope", subcommand: nil, options: [:]) }
    }

    @Test("only text starting with a slash is a command")
    func isCommand() {
        #expect(CommandParser.isCommand(" /help"))
        #expect(!CommandParser.isCommand("good night everyone"))
    }
}

@Suite("ComponentID")
struct ComponentIDTests {
    let id = StoryID(rawValue: "abcdefghijkmn")!

    @Test("every kind of button id round-trips and fits Discord's 100 characters")
    func roundTrip() {
        let collection = CollectionID(rawValue: "abcdefghijkmn")!
        for component in [ComponentID.page(id, 3), .firstPage(id), .open(id), .another(id), .library(2), .confirmDelete(id), .cancelDelete(id),
                          .collection(collection), .confirmCollectionDelete(collection), .cancelCollectionDelete(collection),
                          .confirmForgetFamily, .cancelForgetFamily, .listen(id, 12), .listenWhole(id), .nextChapter(id)] {
            #expect(ComponentID(encoded: component.encoded) == component)
            #expect(component.encoded.count <= 100)
        }
    }

    @Test("ids the bot never made are rejected", arguments: [
        "", "hello", "ms:p:abc", "ms:p:abc:0", "ms:p:abc:101", "ms:p:ABC:1", "ms:z:abc", "ms:k:ABC", "ms:l:0", "other:p:abc:1",
        "ms:p:abc:1:extra", String(repeating: "m", count: 200), "ms:g:abc", "ms:g:forget:now", "ms:n:abc:0", "ms:n:abc", "ms:w:ABC",
    ])
    func rejectsForeign(encoded: String) {
        #expect(ComponentID(encoded: encoded) == nil)
    }
}
