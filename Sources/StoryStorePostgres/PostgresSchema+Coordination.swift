extension PostgresSchema {
    /// Identify turns shared by the bot's processes (issue #19): per bucket
    /// (`shard_id % max_concurrency`), the earliest instant of its next IDENTIFY, by the
    /// database's clock; and the REST requests of the last second that count against Discord's
    /// global limit. Transient: not copied by `copy-to` (SQLite's v16 adds nothing, one process
    /// needs no shared turns).
    static let v16 = [
        """
        CREATE TABLE identify_turn (
            bucket integer PRIMARY KEY CHECK (bucket >= 0),
            next_at timestamptz NOT NULL
        )
        """,
        "CREATE TABLE rest_request (sent_at timestamptz NOT NULL)",
        "CREATE INDEX rest_request_by_time ON rest_request(sent_at)",
    ]
}
