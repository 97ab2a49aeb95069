import Foundation

/// What a web chat member may do. Grown-ups invite and remove members, change the parental
/// controls, delete any story and forget the family; children read, turn pages and ask for
/// stories within the family's limits.
public enum RoomRole: String, Sendable, CaseIterable, Codable {
    case grownUp = "grown-up"
    case child

    /// Reads a role as people type it: `grown-up`, `grownup`, `adult`, `parent`, `child`, `kid`.
    public init?(parsing raw: String) {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "grown-up", "grownup", "grown_up", "grown up", "adult", "parent": self = .grownUp
        case "child", "kid", "children": self = .child
        default: return nil
        }
    }

    /// Grown-ups manage the room (the router's "manager").
    public var managesRoom: Bool { self == .grownUp }

    public var displayName: String {
        switch self {
        case .grownUp: "grown-up"
        case .child: "child"
        }
    }
}
