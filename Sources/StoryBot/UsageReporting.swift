/// Provider use per family, as the service's admins read it (`/premium usage`, `magical-stories usage`).
public protocol UsageReporting: Sendable {
    /// Provider use per family over the last `days` days, ready to show.
    func usageReport(days: Int) async throws -> String
}
