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

    static let v4 = """
    ALTER TABLE story ADD COLUMN avoid_json TEXT;
    ALTER TABLE story ADD COLUMN illustrations TEXT NOT NULL DEFAULT 'pictures'
        CHECK (illustrations IN ('pictures', 'off', 'text'));
    ALTER TABLE story ADD COLUMN hero_sheet_json TEXT;
    ALTER TABLE story ADD COLUMN read_at DATETIME;

    CREATE TABLE premium_grant (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 32),
        target_kind TEXT NOT NULL CHECK (target_kind IN ('user', 'family')),
        target_id TEXT NOT NULL CHECK (length(target_id) BETWEEN 1 AND 128),
        granted_by TEXT NOT NULL,
        granted_at DATETIME NOT NULL,
        expires_at DATETIME,
        reason TEXT,
        ended_at DATETIME,
        end_reason TEXT CHECK (end_reason IN ('revoked', 'replaced', 'expired'))
    );
    CREATE INDEX premium_grant_by_target ON premium_grant(platform, target_kind, target_id);
    CREATE INDEX premium_grant_open ON premium_grant(ended_at, expires_at);

    CREATE TABLE premium_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        action TEXT NOT NULL CHECK (action IN ('grant', 'revoke', 'expire')),
        actor TEXT NOT NULL,
        platform TEXT NOT NULL,
        target_kind TEXT NOT NULL CHECK (target_kind IN ('user', 'family')),
        target_id TEXT NOT NULL,
        until DATETIME,
        reason TEXT,
        at DATETIME NOT NULL
    );
    CREATE INDEX premium_audit_by_target ON premium_audit(platform, target_kind, target_id, at);

    CREATE TABLE purchased_entitlement (
        id TEXT PRIMARY KEY NOT NULL,
        platform TEXT NOT NULL,
        sku_id TEXT NOT NULL,
        user_id TEXT,
        family_id TEXT,
        ends_at DATETIME,
        deleted BOOLEAN NOT NULL DEFAULT 0,
        updated_at DATETIME NOT NULL,
        CHECK (user_id IS NOT NULL OR family_id IS NOT NULL)
    );
    CREATE INDEX purchase_by_user ON purchased_entitlement(platform, user_id);
    CREATE INDEX purchase_by_family ON purchased_entitlement(platform, family_id);

    CREATE TABLE family_settings (
        family_id INTEGER PRIMARY KEY NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        settings_json TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at DATETIME NOT NULL
    );

    CREATE TABLE growth_collection (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        requester_id TEXT NOT NULL,
        requester_name TEXT NOT NULL,
        goal TEXT NOT NULL,
        hero_name TEXT NOT NULL CHECK (length(hero_name) BETWEEN 1 AND 80),
        age INTEGER NOT NULL CHECK (age BETWEEN 1 AND 18),
        companion TEXT,
        language TEXT NOT NULL,
        story_count INTEGER NOT NULL CHECK (story_count BETWEEN 3 AND 7),
        seed INTEGER NOT NULL,
        completed_at DATETIME,
        created_at DATETIME NOT NULL
    );
    CREATE INDEX collection_by_family ON growth_collection(family_id, created_at);

    CREATE TABLE collection_entry (
        collection_id TEXT NOT NULL REFERENCES growth_collection(id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 7),
        theme TEXT NOT NULL,
        question TEXT NOT NULL,
        story_id TEXT UNIQUE REFERENCES story(id) ON DELETE SET NULL,
        PRIMARY KEY (collection_id, position)
    );

    CREATE TABLE reading_day (
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        day DATETIME NOT NULL,
        PRIMARY KEY (family_id, day)
    );

    CREATE TABLE achievement (
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        earned_at DATETIME NOT NULL,
        PRIMARY KEY (family_id, kind, detail)
    );
    """

    /// The daily quota becomes an append-only ledger: one row per quota-checked story, kept when
    /// the story is deleted (so deleting stories gives nothing back) and refunded when it fails.
    /// Backfilled from existing stories: every one that is not failed and was quota-checked
    /// (collection stories after the first never were).
    static let v5 = """
    CREATE TABLE quota_use (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 32),
        requester_id TEXT NOT NULL CHECK (length(requester_id) >= 1),
        story_id TEXT UNIQUE REFERENCES story(id) ON DELETE SET NULL,
        used_at DATETIME NOT NULL,
        refunded BOOLEAN NOT NULL DEFAULT 0 CHECK (refunded IN (0, 1))
    );
    CREATE INDEX quota_use_by_requester ON quota_use(platform, requester_id, used_at);

    -- A story that fails gives its quota back, whichever code path marks it failed.
    CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story
    WHEN NEW.status = 'failed' AND OLD.status != 'failed'
    BEGIN
        UPDATE quota_use SET refunded = 1 WHERE story_id = NEW.id;
    END;

    INSERT INTO quota_use (platform, requester_id, story_id, used_at, refunded)
    SELECT family.platform, story.requester_id, story.id, story.created_at, 0
    FROM story JOIN family ON family.id = story.family_id
    WHERE story.status != 'failed' AND length(story.requester_id) >= 1
      AND NOT EXISTS (SELECT 1 FROM collection_entry
                      WHERE collection_entry.story_id = story.id AND collection_entry.position > 1)
    ORDER BY story.created_at, story.rowid;
    """

    /// A story the bedtime screen refused after the writer was called keeps its quota use (model
    /// calls were spent): the refund trigger skips failure reasons that contain `unsafeContent(`
    /// (``GeneratedStoryChecker/Problem/isBedtimeScreenRefusal(_:)``; a model writer's own error
    /// quotes the checker's). Every other failure is still refunded.
    static let v6 = """
    DROP TRIGGER quota_use_refund_failed;
    CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story
    WHEN NEW.status = 'failed' AND OLD.status != 'failed'
      AND coalesce(NEW.failure_reason, '') NOT LIKE '%unsafeContent(%'
    BEGIN
        UPDATE quota_use SET refunded = 1 WHERE story_id = NEW.id;
    END;
    """
}
