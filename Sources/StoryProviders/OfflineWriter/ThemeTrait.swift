/// What a theme says its subject is, fears, wishes for or struggles with ("afraid of the dark",
/// "wants to fly", "shy", "too tall", "can't sleep"), in the lexicon's words and in the forms a
/// writer needs: "is afraid of the dark" / "was afraid of the dark" / "being afraid of the dark".
struct ThemeTrait: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// "afraid of the dark", "scared of storms".
        case fear
        /// "wants to fly", "wishes for a puppy".
        case wish
        /// "shy", "too tall", "clumsy", "forgetful".
        case quality
        /// "can't sleep", "has the hiccups", "is lost".
        case problem
    }

    /// How the trait is said, which decides its verb ("is", "wants", "can't", "has").
    enum Core: Sendable, Equatable {
        /// Said after "is": "afraid of the dark", "too tall", "shy".
        case state(String)
        /// Said after "wants": "to fly", "a puppy".
        case wish(String)
        /// Said after "can't": "sleep", "swim".
        case cannot(String)
        /// Said after "has": "the hiccups", "a wobbly tooth", "lost the bell".
        case has(String)
    }

    /// A form of the trait for a sentence.
    enum Form: Sendable {
        /// "is afraid of the dark", "wants to fly", "can't sleep", "has the hiccups".
        case present
        /// "was afraid of the dark", "wanted to fly", "couldn't sleep", "had the hiccups".
        case past
        /// "being afraid of the dark", "wanting to fly", "not being able to sleep", "having the hiccups".
        case gerund
    }

    var kind: Kind
    var core: Core
    /// The lexicon word of the figure the trait belongs to (the reading's subject for most traits;
    /// "bear" in "Grandma and a shy bear"); nil when the theme names no figure ("afraid of the
    /// dark" alone): then it is the story's hero's.
    var owner: String?

    /// The trait without its verb: "afraid of the dark", "to fly", "sleep", "the hiccups".
    var words: String {
        switch core {
        case let .state(words), let .wish(words), let .cannot(words), let .has(words): words
        }
    }

    /// The trait told in `form`, for one figure or (`plural`) several ("are afraid of the dark").
    func told(_ form: Form, plural: Bool = false) -> String {
        switch (core, form) {
        case let (.state(words), .present): "\(plural ? "are" : "is") \(words)"
        case let (.state(words), .past): "\(plural ? "were" : "was") \(words)"
        case let (.state(words), .gerund): "being \(words)"
        case let (.wish(words), .present): "\(plural ? "want" : "wants") \(words)"
        case let (.wish(words), .past): "wanted \(words)"
        case let (.wish(words), .gerund): "wanting \(words)"
        case let (.cannot(words), .present): "can't \(words)"
        case let (.cannot(words), .past): "couldn't \(words)"
        case let (.cannot(words), .gerund): "not being able to \(words)"
        case let (.has(words), .present): "\(plural ? "have" : "has") \(words)"
        case let (.has(words), .past): "had \(words)"
        case let (.has(words), .gerund): "having \(words)"
        }
    }

    /// "is afraid of the dark".
    var present: String { told(.present) }
    /// "was afraid of the dark".
    var past: String { told(.past) }
    /// "being afraid of the dark".
    var gerund: String { told(.gerund) }
}
