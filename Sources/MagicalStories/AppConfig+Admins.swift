import StoryDomain

extension AppConfig {
    /// The service's admins (`ADMIN_USER_IDS`), each a person on one platform; entries that are
    /// not admin ids were refused when the configuration was read.
    public var admins: [AdminID] { adminUserIDs.compactMap(AdminID.init(parsing:)) }
}
