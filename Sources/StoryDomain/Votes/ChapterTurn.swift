/// The plot turn a next chapter takes, named as the built-in writer's plot shapes are: a choice
/// of "What happens next?" made from the built-in list says which turn its chapter follows.
public enum ChapterTurn: String, Sendable, Codable, CaseIterable {
    case making, journey, firstTime, fearMet, wishGranted, helping, contest, puzzle

    /// The small picture shown before the choice.
    public var emoji: String {
        switch self {
        case .making: "🧺"
        case .journey: "🏮"
        case .firstTime: "🌱"
        case .fearMet: "🌙"
        case .wishGranted: "✨"
        case .helping: "🤝"
        case .contest: "🏁"
        case .puzzle: "🔍"
        }
    }
}
