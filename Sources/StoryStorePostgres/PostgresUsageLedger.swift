import StoreSQL

/// The usage ledger on PostgreSQL: the shared ``SQLUsageLedger`` (the old name, for the root and tests).
public typealias PostgresUsageLedger = SQLUsageLedger
