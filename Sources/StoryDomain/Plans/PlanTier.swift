/// The two plans a person or family can be on.
public enum PlanTier: String, Sendable, Codable, CaseIterable {
    case free, premium

    public var displayName: String { self == .free ? "Free" : "Premium" }
}
