/// Where cast members' drawings are kept (`cast_drawing`): one per member, deleted with the
/// member (and so with the family's data).
public protocol CastDrawingStore: Sendable {
    /// Keeps `drawing` for the member called `name` (replacing one kept before). False when the
    /// family has no such member.
    func keepDrawing(_ drawing: CastDrawing, forMember name: String, in family: FamilyRef) async throws -> Bool
    /// The member's drawing, if one was kept.
    func drawing(ofMember name: String, in family: FamilyRef) async throws -> CastDrawing?
}
