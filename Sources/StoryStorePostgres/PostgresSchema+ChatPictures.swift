extension PostgresSchema {
    /// Pictures as chats are sent them (issue 32): each picture's chosen form beside it, a
    /// smaller copy (`content_type`, `data`) or both NULL for the stored picture itself; no row:
    /// none chosen yet. Deleted with its picture. The same table as SQLite's v21.
    static let v21 = [
        """
        CREATE TABLE chat_picture (
            image_id text PRIMARY KEY REFERENCES image(id) ON DELETE CASCADE,
            content_type text CHECK (content_type LIKE 'image/%'),
            data bytea CHECK (data IS NULL OR octet_length(data) > 0),
            CHECK ((content_type IS NULL) = (data IS NULL))
        )
        """,
    ]
}
