extension Schema {
    /// A member is welcomed once (v17): `welcomed_at` is set by their first connection to the
    /// chat, whichever process or browser it reaches. Members who joined before this migration
    /// count as welcomed already (they have found their way).
    static let welcome = """
    ALTER TABLE web_member ADD COLUMN welcomed_at DATETIME;
    UPDATE web_member SET welcomed_at = joined_at;
    """
}
