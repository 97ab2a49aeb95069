import StoreSQL

/// Premium grants on SQLite: the shared ``SQLEntitlementStore`` (the old name, for the root and tests).
public typealias SQLiteEntitlementStore = SQLEntitlementStore
