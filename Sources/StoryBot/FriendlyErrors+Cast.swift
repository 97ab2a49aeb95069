import StoryDomain

extension FriendlyErrors {
    static func text(for error: CastError, on platform: any ChatPlatform) -> String {
        switch error {
        case let .full(limit):
            "🎭 Your family's cast is full (\(limit) characters). `/cast remove name:…` makes room for someone new."
        case let .duplicateName(name):
            "🎭 **\(name)** is already in your cast. `/cast edit name:\(name) look:…` changes how they look."
        case let .notFound(name, cast):
            "🔎 Nobody called “\(name)” is in your cast." + castList(cast)
        case let .unknownInStory(names, cast):
            "🔎 \(names.map { "“\($0)”" }.joined(separator: ", ")) \(names.count == 1 ? "isn't" : "aren't") in your cast." + castList(cast)
                + " `/cast add` adds someone."
        case let .tooManyHeroes(limit):
            "🎭 A story can have up to \(limit) named heroes — try `cast:` with fewer names."
        case let .unknownKind(kind):
            "🤔 I don't know the kind “\(kind)”. Try `child`, `grown-up`, `baby`, or a pet or toy: "
                + CastKind.allNames.dropFirst(3).prefix(8).joined(separator: ", ") + "…"
        case let .unknownPronouns(value):
            "🤔 I don't know the pronouns “\(value)”. " + pronounChoices
        case let .tooLong(field, limit):
            "✂️ That \(field) is a little long — please keep it to \(limit) characters."
        case let .emptyAfterCleaning(field):
            "🤔 I couldn't read that \(field) — it only had invisible or special characters. Please type it again."
        case .invalidName:
            "🙂 A name is just a name: letters, spaces, hyphens and apostrophes (like “Leo” or “Mr. Whiskers”)."
        case .missingName:
            "🙂 Tell me their name, like `name:Leo`."
        case let .badAge(_, allowed):
            "🎂 An age from \(allowed.lowerBound) to \(allowed.upperBound), please."
        case .ageOnlyForChildren:
            "🎂 Only children and babies have an age here — leave `age:` out for grown-ups, pets and toys."
        case let .unsafe(category):
            "🌙 I keep stories calm for bedtime, so I can't use that: " + reason(for: category)
        case let .avoided(word):
            "🚫 That mentions “\(word)”, which is on your family's avoid-list."
        case let .notAllowed(name):
            "🔒 Only whoever added **\(name)**, or \(platform.familyManager), can change or remove them."
        case .nothingToChange:
            "✏️ Tell me what to change: `look:`, `age:`, `kind:`, `pronouns:` or `avoid:`."
        case .notOffered:
            "🎭 Family casts aren't set up here yet."
        case let .tooManySensitivities(limit):
            "🌙 Up to \(limit) things to leave out per person, comma-separated: `avoid:\"thunder, big dogs\"`."
        }
    }

    /// The pronouns a family may choose, said the same for the cast and for `/story new`.
    static let pronounChoices = "Choose `pronouns:he`, `pronouns:she`, `pronouns:they`, or `pronouns:name` "
        + "to use the name instead (the default)."

    private static func castList(_ names: [String]) -> String {
        names.isEmpty ? " Your cast is empty — `/cast add name:Leo kind:child` adds someone."
            : " Your cast: " + names.map { "**\($0)**" }.joined(separator: ", ") + "."
    }
}
