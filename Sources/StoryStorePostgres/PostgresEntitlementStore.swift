import StoreSQL

/// Premium grants on PostgreSQL: the shared ``SQLEntitlementStore`` (the old name, for the root and tests).
public typealias PostgresEntitlementStore = SQLEntitlementStore
