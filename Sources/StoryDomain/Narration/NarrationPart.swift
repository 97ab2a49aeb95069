import Foundation

/// What is read aloud: one page, or the whole story (its title, then every page) — and either
/// of those read winding down (``WindDown``): its ending slower and softer, then gentle sound.
public enum NarrationPart: Sendable, Hashable, CustomStringConvertible {
    /// A 1-based page.
    case page(Int)
    case whole
    /// The last page, or the whole story, read winding down with this many minutes of gentle
    /// sound after it. Made with ``windingDown(_:)``, which never nests it or makes it `off`.
    indirect case windingDown(NarrationPart, WindDown)

    /// This part read winding down (`self` when `windDown` is off).
    public func windingDown(_ windDown: WindDown) -> NarrationPart {
        guard windDown.isOn else { return base }
        return .windingDown(base, windDown)
    }

    /// The page or the whole story, without the wind-down.
    public var base: NarrationPart {
        if case let .windingDown(part, _) = self { return part.base }
        return self
    }

    /// The wind-down this part is read with (off for a plain page or story).
    public var windDown: WindDown {
        if case let .windingDown(_, windDown) = self { return windDown }
        return .off
    }

    /// `p3`, `whole`, `p5-wd5` or `whole-wd10`: the stored key and the part of a narration's address.
    public var key: String {
        switch self {
        case let .page(number): "p\(number)"
        case .whole: "whole"
        case let .windingDown(part, windDown): part.base.key + Self.windDownMark + windDown.rawValue.dropLast()
        }
    }

    private static let windDownMark = "-wd"

    /// Reads ``key``; nil for anything else (pages 1–100; wind-downs of 2, 5 and 10 minutes).
    public init?(key: String) {
        if let mark = key.range(of: Self.windDownMark) {
            guard let base = NarrationPart(key: String(key[..<mark.lowerBound])),
                  let windDown = WindDown(rawValue: key[mark.upperBound...] + "m"), windDown.isOn,
                  !key[mark.upperBound...].contains("m") else { return nil }
            self = .windingDown(base, windDown)
            return
        }
        if key == "whole" { self = .whole; return }
        guard key.hasPrefix("p"), let number = Int(key.dropFirst()), (1...100).contains(number),
              key == "p\(number)" else { return nil }
        self = .page(number)
    }

    /// "page 3", "the whole story", "page 5, winding down".
    public var description: String {
        switch self {
        case let .page(number): "page \(number)"
        case .whole: "the whole story"
        case let .windingDown(part, _): "\(part.base), winding down"
        }
    }
}
