/// A free user asked for something only premium allows.
public struct PremiumRequired: Error, Sendable, Equatable {
    public enum Feature: String, Sendable {
        case collections
    }

    public var feature: Feature

    public init(feature: Feature) { self.feature = feature }
}
