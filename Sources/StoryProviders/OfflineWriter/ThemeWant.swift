/// What a theme wishes for or what is wrong in it, as far as the built-in writer understands it.
enum ThemeWant: String, Sendable, CaseIterable {
    /// Something is lost, missing or being looked for.
    case lost
    /// Helping someone, being kind, rescuing, sharing.
    case helping
    /// Bedtime, sleepiness and its rituals.
    case bedtime
    /// Sleep will not come.
    case sleepless
    /// A small fear of the dark.
    case afraidOfDark
    /// A first day, a first time, somewhere new.
    case firstTime
    /// A birthday or a party.
    case birthday
    /// A wish to fly.
    case flying
    /// Going somewhere: an adventure, a trip, exploring.
    case journey
    /// Making or being a friend.
    case friendship
    /// Being brave.
    case bravery
    /// Singing, music and dancing.
    case music
    /// Growing things: seeds, plants, getting bigger.
    case growing
    /// Trying or learning something, and trying again.
    case trying
    /// Waiting patiently.
    case patience
    /// A party, a picnic, a feast.
    case party
    /// Sharing and taking turns.
    case sharing
    /// Saying sorry and making things right.
    case sorry

    /// A short noun phrase for "a story about …", in the writer's own words.
    var phrase: String {
        switch self {
        case .lost: "finding something lost"
        case .helping: "helping a friend"
        case .bedtime: "bedtime"
        case .sleepless: "a night when sleep would not come"
        case .afraidOfDark: "being brave in the dark"
        case .firstTime: "a brand-new first day"
        case .birthday: "a birthday"
        case .flying: "learning to fly"
        case .journey: "a small adventure"
        case .friendship: "making a new friend"
        case .bravery: "being brave"
        case .music: "a happy song"
        case .growing: "growing something new"
        case .trying: "trying something new"
        case .patience: "waiting patiently"
        case .party: "a happy party"
        case .sharing: "sharing"
        case .sorry: "making things right"
        }
    }
}
