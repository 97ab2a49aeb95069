/// Deletes a family's data when a manager asks ("a server manager can delete a server's data").
public protocol FamilyDataStore: Sendable {
    /// Deletes, in one transaction, every story, picture (unless another family's story uses it),
    /// collection, reading progress, achievement, parental control, cast member (and portrait) and web chat message of the
    /// family. Premium grants, the premium audit log, store purchases, the usage ledger and the
    /// quota ledger are admin records and are kept.
    func forget(_ family: FamilyRef) async throws -> ForgottenFamilyData
}
