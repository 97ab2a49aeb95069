/// The general shape of what a theme's figures do: the writer picks a plot for it. Every verb the
/// lexicon knows has one; a verb it does not know still gets a general one (trying, making, going,
/// finding, helping) so the theme's doing is never lost.
enum ActionKind: String, Sendable, CaseIterable {
    /// Baking, cooking, building, painting, knitting: something is made.
    case making
    /// Mending something broken.
    case fixing
    /// A journey: sailing, flying, climbing, exploring, camping.
    case going
    /// A race, a game to win, a competition.
    case contest
    /// Looking for something, hide and seek, catching.
    case finding
    /// Helping, rescuing, delivering, carrying.
    case helping
    /// Learning, reading, counting, writing.
    case learning
    /// Sharing, giving, taking turns.
    case sharing
    /// Visiting someone.
    case visiting
    /// Planting, growing, digging, watering.
    case growing
    /// Singing, dancing, juggling, a show.
    case performing
    /// Trying something new (what an unknown doing becomes).
    case trying
    /// Playing, skating, swimming for fun.
    case playing
    /// Looking after someone: feeding, washing, tucking in.
    case caring
    /// Celebrating, decorating, wrapping presents.
    case celebrating
    /// Sleeping, resting, waiting.
    case resting
}
