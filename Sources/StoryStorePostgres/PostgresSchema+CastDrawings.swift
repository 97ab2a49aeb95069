extension PostgresSchema {
    /// A cast member's drawing (the SQLite store's v28), deleted with the member and the family.
    static let v28 = [
        """
        CREATE TABLE cast_drawing (
            family_id bigint NOT NULL,
            name_key text NOT NULL,
            content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
            data bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152),
            created_at timestamptz NOT NULL,
            PRIMARY KEY (family_id, name_key),
            FOREIGN KEY (family_id, name_key) REFERENCES cast_member(family_id, name_key) ON DELETE CASCADE
        )
        """,
    ]
}
