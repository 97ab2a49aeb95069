extension PostgresSchema {
    /// A member is welcomed once (the SQLite store's v17): `welcomed_at` is set by their first
    /// connection to the chat, whichever process or browser it reaches. Members who joined
    /// before this migration count as welcomed already.
    static let v17 = [
        "ALTER TABLE web_member ADD COLUMN welcomed_at timestamptz",
        "UPDATE web_member SET welcomed_at = joined_at",
    ]
}
