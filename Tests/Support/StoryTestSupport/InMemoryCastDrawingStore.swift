import Foundation
import StoryDomain

/// Cast members' drawings in memory, beside an ``InMemoryCastStore``: kept only for a member
/// that exists, and gone once the member is (as the databases' foreign key does).
public actor InMemoryCastDrawingStore: CastDrawingStore {
    private let cast: any CastStore
    private var drawings: [String: CastDrawing] = [:]

    public init(cast: any CastStore) { self.cast = cast }

    private func key(_ name: String, _ family: FamilyRef) -> String { "\(family.platform)/\(family.externalID)/\(CastMember.key(name))" }

    private func exists(_ name: String, in family: FamilyRef) async throws -> Bool {
        try await cast.cast(of: family).contains { $0.key == CastMember.key(name) }
    }

    public func keepDrawing(_ drawing: CastDrawing, forMember name: String, in family: FamilyRef) async throws -> Bool {
        guard try await exists(name, in: family) else { return false }
        drawings[key(name, family)] = drawing
        return true
    }

    public func drawing(ofMember name: String, in family: FamilyRef) async throws -> CastDrawing? {
        guard try await exists(name, in: family) else {
            drawings[key(name, family)] = nil
            return nil
        }
        return drawings[key(name, family)]
    }
}
