import Foundation
import StoryDomain

/// The families' casts kept in memory, with the same rules as the databases: at most `limit`
/// members, names unique by key, the first portrait kept.
public actor InMemoryCastStore: CastStore {
    private var casts: [FamilyRef: [CastMember]] = [:]
    /// Portraits kept, by their address.
    public private(set) var portraits: [ImageID: Illustration] = [:]

    public init() {}

    public func cast(of family: FamilyRef) async throws -> [CastMember] { casts[family] ?? [] }

    public func addMember(_ member: CastMember, to family: FamilyRef, limit: Int) async throws {
        let cast = casts[family] ?? []
        if cast.contains(where: { $0.key == member.key }) { throw CastError.duplicateName(member.name) }
        guard cast.count < limit else { throw CastError.full(limit: limit) }
        casts[family] = cast + [member]
    }

    public func updateMember(_ member: CastMember, in family: FamilyRef) async throws -> Bool {
        guard let index = casts[family]?.firstIndex(where: { $0.key == member.key }) else { return false }
        casts[family]?[index].kind = member.kind
        casts[family]?[index].age = member.age
        casts[family]?[index].look = member.look
        casts[family]?[index].pronouns = member.pronouns
        casts[family]?[index].portrait = member.portrait
        casts[family]?[index].avoid = member.avoid
        return true
    }

    public func removeMember(named name: String, from family: FamilyRef) async throws -> Bool {
        let before = casts[family]?.count ?? 0
        casts[family]?.removeAll { $0.key == CastMember.key(name) }
        return (casts[family]?.count ?? 0) < before
    }

    public func keepPortrait(_ picture: Illustration, forMember name: String, in family: FamilyRef) async throws -> ImageID? {
        guard let index = casts[family]?.firstIndex(where: { $0.key == CastMember.key(name) }) else { return nil }
        if let kept = casts[family]?[index].portrait { return kept }
        let id = FakeContentAddress.imageID(of: picture.data)
        portraits[id] = picture
        casts[family]?[index].portrait = id
        return id
    }

    /// Forgets a family's cast (what forgetting the family does in the databases).
    public func forget(_ family: FamilyRef) { casts[family] = nil }
}
