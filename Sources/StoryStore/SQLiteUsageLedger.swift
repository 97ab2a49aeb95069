import StoreSQL

/// The usage ledger on SQLite: the shared ``SQLUsageLedger`` (the old name, for the root and tests).
public typealias SQLiteUsageLedger = SQLUsageLedger
