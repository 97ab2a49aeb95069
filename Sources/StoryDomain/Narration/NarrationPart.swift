/// What is read aloud: one page, or the whole story (its title, then every page).
public enum NarrationPart: Sendable, Hashable, CustomStringConvertible {
    /// A 1-based page.
    case page(Int)
    case whole

    /// `p3` or `whole`: the stored key and the part of a narration's address.
    public var key: String {
        switch self {
        case let .page(number): "p\(number)"
        case .whole: "whole"
        }
    }

    /// Reads ``key``; nil for anything else (pages 1–100).
    public init?(key: String) {
        if key == "whole" { self = .whole; return }
        guard key.hasPrefix("p"), let number = Int(key.dropFirst()), (1...100).contains(number),
              key == "p\(number)" else { return nil }
        self = .page(number)
    }

    /// "page 3" or "the whole story".
    public var description: String {
        switch self {
        case let .page(number): "page \(number)"
        case .whole: "the whole story"
        }
    }
}
