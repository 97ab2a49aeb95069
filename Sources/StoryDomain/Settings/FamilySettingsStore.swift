/// Persistence of each family's parental controls.
public protocol FamilySettingsStore: Sendable {
    /// The family's settings, or the defaults when none were saved.
    func settings(for family: FamilyRef) async throws -> FamilySettings
    func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws
}
