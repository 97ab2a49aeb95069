extension Schema {
    /// Doors for the web chat: rooms with members who joined by invitation, each holding a
    /// session. Invite codes and session tokens are stored only as SHA-256 hashes. Rooms that
    /// existed before (web families, rooms with chat messages) are kept, under their old keys,
    /// with no members yet: `magical-stories invite` (or the setup link) opens them.
    static let webRooms = """
    CREATE TABLE web_room (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 128),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
        created_at DATETIME NOT NULL
    );

    CREATE TABLE web_invite (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        room_id INTEGER NOT NULL REFERENCES web_room(id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL UNIQUE CHECK (length(code_hash) = 64),
        role TEXT NOT NULL CHECK (role IN ('grown-up', 'child')),
        purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'setup')),
        created_by TEXT NOT NULL CHECK (length(created_by) BETWEEN 1 AND 64),
        created_at DATETIME NOT NULL,
        expires_at DATETIME NOT NULL,
        max_uses INTEGER NOT NULL CHECK (max_uses >= 1),
        uses INTEGER NOT NULL DEFAULT 0 CHECK (uses BETWEEN 0 AND max_uses),
        revoked_at DATETIME
    );
    CREATE INDEX web_invite_by_room ON web_invite(room_id, created_at);

    CREATE TABLE web_member (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
        room_id INTEGER NOT NULL REFERENCES web_room(id) ON DELETE CASCADE,
        invite_id INTEGER REFERENCES web_invite(id) ON DELETE SET NULL,
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
        role TEXT NOT NULL CHECK (role IN ('grown-up', 'child')),
        joined_at DATETIME NOT NULL,
        last_seen_at DATETIME,
        removed_at DATETIME
    );
    CREATE INDEX web_member_by_room ON web_member(room_id, joined_at);

    CREATE TABLE web_session (
        token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
        member_id TEXT NOT NULL REFERENCES web_member(id) ON DELETE CASCADE,
        created_at DATETIME NOT NULL,
        expires_at DATETIME NOT NULL,
        ended_at DATETIME
    );
    CREATE INDEX web_session_by_member ON web_session(member_id);

    INSERT INTO web_room (key, name, created_at)
        SELECT external_id, external_id, created_at FROM family WHERE platform = 'web' ORDER BY created_at, id;
    INSERT OR IGNORE INTO web_room (key, name, created_at)
        SELECT room, room, MIN(created_at) FROM chat_message GROUP BY room ORDER BY MIN(created_at);
    """
}
