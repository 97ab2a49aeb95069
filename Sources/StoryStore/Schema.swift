/// The SQL of each migration, kept verbatim once shipped. Invariants live in the schema:
/// NOT NULL, foreign keys, UNIQUE and CHECK constraints.
enum Schema {
    static let v1 = """
    CREATE TABLE family (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 32),
        external_id TEXT NOT NULL CHECK (length(external_id) BETWEEN 1 AND 128),
        created_at DATETIME NOT NULL,
        UNIQUE (platform, external_id)
    );

    CREATE TABLE story (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        requester_id TEXT NOT NULL,
        requester_name TEXT NOT NULL,
        theme TEXT NOT NULL CHECK (length(theme) BETWEEN 1 AND 400),
        hero_name TEXT NOT NULL CHECK (length(hero_name) BETWEEN 1 AND 80),
        age INTEGER NOT NULL CHECK (age BETWEEN 1 AND 18),
        companion TEXT,
        page_count INTEGER NOT NULL CHECK (page_count BETWEEN 1 AND 30),
        language TEXT NOT NULL,
        seed INTEGER NOT NULL,
        title TEXT,
        sheet_json TEXT,
        status TEXT NOT NULL CHECK (status IN ('queued', 'writing', 'illustrating', 'ready', 'failed')),
        failure_reason TEXT,
        created_at DATETIME NOT NULL
    );
    CREATE INDEX story_by_family ON story(family_id, created_at);

    CREATE TABLE image (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 64),
        content_type TEXT NOT NULL CHECK (content_type LIKE 'image/%'),
        byte_count INTEGER NOT NULL CHECK (byte_count > 0),
        width INTEGER NOT NULL CHECK (width > 0),
        height INTEGER NOT NULL CHECK (height > 0),
        data BLOB NOT NULL,
        created_at DATETIME NOT NULL
    );

    CREATE TABLE page (
        story_id TEXT NOT NULL REFERENCES story(id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number >= 1),
        text TEXT NOT NULL,
        scene_json TEXT NOT NULL,
        image_prompt TEXT NOT NULL,
        image_id TEXT REFERENCES image(id),
        PRIMARY KEY (story_id, number)
    );
    CREATE INDEX page_by_image ON page(image_id);

    CREATE TABLE job (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        story_id TEXT NOT NULL UNIQUE REFERENCES story(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        delivery_json TEXT NOT NULL,
        not_before DATETIME NOT NULL,
        last_error TEXT,
        created_at DATETIME NOT NULL,
        updated_at DATETIME NOT NULL
    );
    CREATE INDEX job_runnable ON job(status, not_before);

    CREATE TABLE chat_message (
        id TEXT PRIMARY KEY NOT NULL,
        room TEXT NOT NULL,
        payload BLOB NOT NULL,
        created_at DATETIME NOT NULL,
        updated_at DATETIME NOT NULL
    );
    CREATE INDEX chat_message_by_room ON chat_message(room, created_at);
    """

    static let v2 = """
    CREATE TABLE bot_state (
        key TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
        value TEXT NOT NULL,
        updated_at DATETIME NOT NULL
    );
    """

    static let v3 = """
    CREATE TABLE usage_ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        family_key TEXT NOT NULL,
        story_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        input_tokens INTEGER NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
        output_tokens INTEGER NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
        images INTEGER NOT NULL DEFAULT 0 CHECK (images >= 0),
        created_at DATETIME NOT NULL
    );
    CREATE INDEX usage_by_family ON usage_ledger(family_key, created_at);
    CREATE INDEX usage_by_provider ON usage_ledger(provider, created_at);

    ALTER TABLE job ADD COLUMN delivered_at DATETIME;
    """
}
