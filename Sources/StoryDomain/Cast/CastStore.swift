/// Where a family's cast is kept (`cast_member`): deleted with the family's data, copied by
/// `copy-to`. Portraits are pictures stored once by their hash, like a story's pictures.
public protocol CastStore: Sendable {
    /// The family's cast, in the order members were added.
    func cast(of family: FamilyRef) async throws -> [CastMember]
    /// Adds a member in one transaction that also checks the family keeps fewer than `limit`
    /// members (throws ``CastError/full(limit:)``) and no one of the same ``CastMember/key``
    /// (throws ``CastError/duplicateName(_:)``).
    func addMember(_ member: CastMember, to family: FamilyRef, limit: Int) async throws
    /// Replaces the member of the same key (kind, age, look, pronouns, portrait); false when there is none.
    /// A portrait no member or page uses any more is deleted.
    func updateMember(_ member: CastMember, in family: FamilyRef) async throws -> Bool
    /// Removes the member of that name's key; false when there is none. Stories already made
    /// keep their own copy and do not change; a portrait no one uses any more is deleted.
    func removeMember(named name: String, from family: FamilyRef) async throws -> Bool
    /// Keeps `picture` as the member's portrait (stored once by its hash) and returns its id;
    /// nil when the member is gone.
    func keepPortrait(_ picture: Illustration, forMember name: String, in family: FamilyRef) async throws -> ImageID?
}
