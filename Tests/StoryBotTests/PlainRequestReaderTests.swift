import StoryBot
import StoryDomain
import Testing

/// Plain words read for a request: many ways families ask, and many ways they just chat.
@Suite("Plain words: reading requests")
struct PlainRequestReaderTests {
    let reader = PlainRequestReader()

    @Test("requests with a theme: the theme and the hero as typed, nothing else of the sentence", arguments: [
        ("please tell Mia a story about a dragon", "a dragon", "Mia"),
        ("Please tell Mia a story about a dragon.", "a dragon", "Mia"),
        ("can we have a story about a brave little boat", "a brave little boat", nil),
        ("Can we have a story about a brave little boat?", "a brave little boat", nil),
        ("I want a bedtime story for Leo about trains", "trains", "Leo"),
        ("i want a bedtime story about trains for Leo please", "trains", "Leo"),
        ("tell me a story about a sleepy owl", "a sleepy owl", nil),
        ("could you write a story about the moon for Sam", "the moon", "Sam"),
        ("a story about a dragon who lost his hat please", "a dragon who lost his hat", nil),
        ("Story about pirates!", "pirates", nil),
        ("how about a story about a kitten tonight", "a kitten", nil),
        ("let's have a story with a unicorn", "a unicorn", nil),
        ("we'd like a tale about a tiny mouse", "a tiny mouse", nil),
        ("Hey, can you tell us a story about the sea?", "the sea", nil),
        ("another story about a dragon!", "a dragon", nil),
        ("read Leo a story about a rocket", "a rocket", "Leo"),
        ("can you read a story to Zoë about a big red bus", "a big red bus", "Zoë"),
    ] as [(String, String, String?)])
    func englishStories(text: String, theme: String, hero: String?) {
        #expect(reader.read(text) == .newStory(theme: theme, hero: hero, language: .english), "\(text)")
    }

    @Test("a name the family's cast uses counts even typed in lower case; other lower-case words are no name")
    func knownNames() {
        #expect(reader.read("tell leo a story about trains", knownNames: ["Leo"]) == .newStory(theme: "trains", hero: "leo", language: .english))
        #expect(reader.read("tell leo a story about trains") == .newStory(theme: "trains", hero: nil, language: .english))
        #expect(reader.read("a story for bedtime about stars") == .newStory(theme: "stars", hero: nil, language: .english))
    }

    @Test("requests without a theme, and the other things families ask for", arguments: [
        ("tell me a story", PlainRequest.newStory(theme: nil, hero: nil, language: .english)),
        ("Please tell Mia a story", .newStory(theme: nil, hero: "Mia", language: .english)),
        ("can I have a bedtime story?", .newStory(theme: nil, hero: nil, language: .english)),
        ("story time!", .newStory(theme: nil, hero: nil, language: .english)),
        ("another story!", .another),
        ("Another one please", .another),
        ("one more!", .another),
        ("can we have one more story", .another),
        ("read it again", .readAgain),
        ("Read it again!!", .readAgain),
        ("please read that one again", .readAgain),
        ("can you read it one more time", .readAgain),
        ("read it aloud please", .listen),
        ("can you read the story out loud", .listen),
        ("show us our stories", .library),
        ("please open the library", .library),
        ("can you show me all the stories", .library),
    ] as [(String, PlainRequest)])
    func englishOthers(text: String, request: PlainRequest) {
        #expect(reader.read(text) == request, "\(text)")
    }

    @Test("ordinary chat is no request", arguments: [
        "good night grandma", "hello", "Hello!", "hi Mia", "I love you", "thank you for the story", "what a lovely story!",
        "that story was great", "Mia read a story about a dragon at school today", "I read a story about owls yesterday",
        "we like stories about dragons", "do you remember the story about the owl?", "please", "ok", "see you tomorrow",
        "can you pass the salt", "please pass the salt", "again", "the dragon was funny", "Grandma is telling a story",
        "can you believe the story about the dog", "our stories are the best", "please don't tell Mia a story about monsters",
        "I don't want another story", "no more stories tonight", "stop reading it again", "😀", "", "   ",
        String(repeating: "please tell me a story about a dragon ", count: 10),
        "/story new theme:a dragon",
    ])
    func chat(text: String) {
        #expect(reader.read(text) == nil, "\(text)")
    }

    @Test("requests in the other languages the bedtime screen knows are read in their language", arguments: [
        ("raconte-moi une histoire sur un dragon", PlainRequest.newStory(theme: "un dragon", hero: nil, language: .french)),
        ("Raconte une histoire de pirates pour Léo s'il te plaît", .newStory(theme: "pirates", hero: "Léo", language: .french)),
        ("encore une histoire !", .another),
        ("cuéntame un cuento sobre un gato", .newStory(theme: "un gato", hero: nil, language: .spanish)),
        ("Por favor, un cuento para Lucía sobre la luna", .newStory(theme: "la luna", hero: "Lucía", language: .spanish)),
        ("otra vez por favor", .readAgain),
        ("Erzähl mir eine Geschichte über einen Drachen", .newStory(theme: "einen Drachen", hero: nil, language: .german)),
        ("bitte eine Geschichte für Max über Züge", .newStory(theme: "Züge", hero: "Max", language: .german)),
        ("noch eine Geschichte bitte", .another),
        ("raccontami una storia su un drago per favore", .newStory(theme: "un drago", hero: nil, language: .italian)),
        ("un'altra storia!", .another),
        ("conta-me uma história sobre um gato", .newStory(theme: "um gato", hero: nil, language: .portuguese)),
        ("Me conta uma história para Rita sobre a lua", .newStory(theme: "a lua", hero: "Rita", language: .portuguese)),
        ("vertel een verhaaltje over een draak voor Daan", .newStory(theme: "een draak", hero: "Daan", language: .dutch)),
        ("nog een keer alsjeblieft", .readAgain),
        ("Opowiedz mi bajkę o smoku", .newStory(theme: "smoku", hero: nil, language: .polish)),
        ("przeczytaj na głos, proszę", .listen),
    ] as [(String, PlainRequest)])
    func otherLanguages(text: String, request: PlainRequest) {
        #expect(reader.read(text) == request, "\(text)")
    }

    @Test("ordinary chat in other languages is no request", arguments: [
        "bonne nuit mamie", "j'ai lu une histoire hier", "buenas noches abuela", "me gustó el cuento", "gute Nacht Oma",
        "die Geschichte war schön", "ne raconte pas une histoire", "no quiero otro cuento", "bitte keine Geschichte mehr",
        "buonanotte nonna", "non voglio un'altra storia", "boa noite vovó", "pode trazer outra cadeira?", "welterusten oma",
        "dobranoc babciu", "otra cosa, por favor",
    ])
    func otherLanguagesChat(text: String) {
        #expect(reader.read(text) == nil, "\(text)")
    }
}
