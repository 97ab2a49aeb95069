extension StoreSchema {
    /// Families, their stories and pages, pictures stored once by their SHA-256, the job queue, web chat messages.
    static let v1 = SchemaMigration("v1: families, stories, pages, images, jobs, chat", [
        .table(Table("family", [
            Column("id", .id),
            Column("platform", .text, "NOT NULL CHECK (length(platform) BETWEEN 1 AND 32)"),
            Column("external_id", .text, "NOT NULL CHECK (length(external_id) BETWEEN 1 AND 128)"),
            Column("created_at", .date, "NOT NULL"),
        ], constraints: ["UNIQUE (platform, external_id)"])),
        .table(Table("story", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32)"),
            Column("seq", .seq),
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("requester_id", .text, "NOT NULL"),
            Column("requester_name", .text, "NOT NULL"),
            Column("theme", .text, "NOT NULL CHECK (length(theme) BETWEEN 1 AND 400)"),
            Column("hero_name", .text, "NOT NULL CHECK (length(hero_name) BETWEEN 1 AND 80)"),
            Column("age", .integer, "NOT NULL CHECK (age BETWEEN 1 AND 18)"),
            Column("companion", .text),
            Column("page_count", .integer, "NOT NULL CHECK (page_count BETWEEN 1 AND 30)"),
            Column("language", .text, "NOT NULL"),
            Column("seed", .bigint, "NOT NULL"),
            Column("title", .text),
            Column("sheet_json", .text),
            Column("status", .text, "NOT NULL CHECK (status IN ('queued', 'writing', 'illustrating', 'ready', 'failed'))"),
            Column("failure_reason", .text),
            Column("created_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX story_by_family ON story(family_id, created_at)"])),
        .table(Table("image", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) = 64)"),
            Column("content_type", .text, "NOT NULL CHECK (content_type LIKE 'image/%')"),
            Column("byte_count", .integer, "NOT NULL CHECK (byte_count > 0)"),
            Column("width", .integer, "NOT NULL CHECK (width > 0)"),
            Column("height", .integer, "NOT NULL CHECK (height > 0)"),
            Column("data", .bytes, "NOT NULL"),
            Column("created_at", .date, "NOT NULL"),
        ], postgresConstraints: ["CHECK (byte_count = octet_length(data))"])),
        .table(Table("page", [
            Column("story_id", .text, "NOT NULL REFERENCES story(id) ON DELETE CASCADE"),
            Column("number", .integer, "NOT NULL CHECK (number >= 1)"),
            Column("text", .text, "NOT NULL"),
            Column("scene_json", .text, "NOT NULL"),
            Column("image_prompt", .text, "NOT NULL"),
            Column("image_id", .text, "REFERENCES image(id)"),
        ], constraints: ["PRIMARY KEY (story_id, number)"], indexes: ["CREATE INDEX page_by_image ON page(image_id)"])),
        .table(Table("job", [
            Column("id", .id),
            Column("story_id", .text, "NOT NULL UNIQUE REFERENCES story(id) ON DELETE CASCADE"),
            Column("status", .text, "NOT NULL CHECK (status IN ('queued', 'running', 'done'))"),
            Column("attempts", .integer, "NOT NULL DEFAULT 0 CHECK (attempts >= 0)"),
            Column("delivery_json", .text, "NOT NULL"),
            Column("not_before", .date, "NOT NULL"),
            Column("last_error", .text),
            Column("created_at", .date, "NOT NULL"),
            Column("updated_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX job_runnable ON job(status, not_before)"])),
        .table(Table("chat_message", [
            Column("id", .text, "PRIMARY KEY"),
            Column("seq", .seq),
            Column("room", .text, "NOT NULL"),
            Column("payload", .bytes, "NOT NULL"),
            Column("created_at", .date, "NOT NULL"),
            Column("updated_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX chat_message_by_room ON chat_message(room, created_at)"])),
    ])

    /// The bot's small key-value state (gateway session, …).
    static let v2 = SchemaMigration("v2: bot state", [
        .table(Table("bot_state", [
            Column("key", .text, "PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200)"),
            Column("value", .text, "NOT NULL"),
            Column("updated_at", .date, "NOT NULL"),
        ])),
    ])

    /// Model usage per story, and when a job's story was delivered.
    static let v3 = SchemaMigration("v3: usage ledger, delivery marks", [
        .table(Table("usage_ledger", [
            Column("id", .id),
            Column("family_key", .text, "NOT NULL"),
            Column("story_id", .text, "NOT NULL"),
            Column("provider", .text, "NOT NULL"),
            Column("model", .text, "NOT NULL"),
            Column("input_tokens", .integer, "NOT NULL DEFAULT 0 CHECK (input_tokens >= 0)"),
            Column("output_tokens", .integer, "NOT NULL DEFAULT 0 CHECK (output_tokens >= 0)"),
            Column("images", .integer, "NOT NULL DEFAULT 0 CHECK (images >= 0)"),
            Column("created_at", .date, "NOT NULL"),
        ], indexes: [
            "CREATE INDEX usage_by_family ON usage_ledger(family_key, created_at)",
            "CREATE INDEX usage_by_provider ON usage_ledger(provider, created_at)",
        ])),
        .add(table: "job", Column("delivered_at", .date)),
    ])

    /// Illustration modes and read marks; premium grants and their audit; purchases; family
    /// settings; growth collections; reading days and achievements.
    static let v4 = SchemaMigration("v4: plans, audit, settings, collections, achievements", [
        .add(table: "story", Column("avoid_json", .text)),
        .add(table: "story", Column("illustrations", .text, "NOT NULL DEFAULT 'pictures' CHECK (illustrations IN ('pictures', 'off', 'text'))")),
        .add(table: "story", Column("hero_sheet_json", .text)),
        .add(table: "story", Column("read_at", .date)),
        .table(Table("premium_grant", [
            Column("id", .id),
            Column("platform", .text, "NOT NULL CHECK (length(platform) BETWEEN 1 AND 32)"),
            Column("target_kind", .text, "NOT NULL CHECK (target_kind IN ('user', 'family'))"),
            Column("target_id", .text, "NOT NULL CHECK (length(target_id) BETWEEN 1 AND 128)"),
            Column("granted_by", .text, "NOT NULL"),
            Column("granted_at", .date, "NOT NULL"),
            Column("expires_at", .date),
            Column("reason", .text),
            Column("ended_at", .date),
            Column("end_reason", .text, "CHECK (end_reason IN ('revoked', 'replaced', 'expired'))"),
        ], indexes: [
            "CREATE INDEX premium_grant_by_target ON premium_grant(platform, target_kind, target_id)",
            "CREATE INDEX premium_grant_open ON premium_grant(ended_at, expires_at)",
        ])),
        .table(Table("premium_audit", [
            Column("id", .id),
            Column("action", .text, "NOT NULL CHECK (action IN ('grant', 'revoke', 'expire'))"),
            Column("actor", .text, "NOT NULL"),
            Column("platform", .text, "NOT NULL"),
            Column("target_kind", .text, "NOT NULL CHECK (target_kind IN ('user', 'family'))"),
            Column("target_id", .text, "NOT NULL"),
            Column("until", .date),
            Column("reason", .text),
            Column("at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX premium_audit_by_target ON premium_audit(platform, target_kind, target_id, at)"])),
        .table(Table("purchased_entitlement", [
            Column("id", .text, "PRIMARY KEY"),
            Column("platform", .text, "NOT NULL"),
            Column("sku_id", .text, "NOT NULL"),
            Column("user_id", .text),
            Column("family_id", .text),
            Column("ends_at", .date),
            Column("deleted", .boolean, "NOT NULL DEFAULT false"),
            Column("updated_at", .date, "NOT NULL"),
        ], constraints: ["CHECK (user_id IS NOT NULL OR family_id IS NOT NULL)"], indexes: [
            "CREATE INDEX purchase_by_user ON purchased_entitlement(platform, user_id)",
            "CREATE INDEX purchase_by_family ON purchased_entitlement(platform, family_id)",
        ])),
        .table(Table("family_settings", [
            Column("family_id", .bigint, "PRIMARY KEY REFERENCES family(id) ON DELETE CASCADE"),
            Column("settings_json", .text, "NOT NULL"),
            Column("updated_by", .text, "NOT NULL"),
            Column("updated_at", .date, "NOT NULL"),
        ])),
        .table(Table("growth_collection", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32)"),
            Column("seq", .seq),
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("requester_id", .text, "NOT NULL"),
            Column("requester_name", .text, "NOT NULL"),
            Column("goal", .text, "NOT NULL"),
            Column("hero_name", .text, "NOT NULL CHECK (length(hero_name) BETWEEN 1 AND 80)"),
            Column("age", .integer, "NOT NULL CHECK (age BETWEEN 1 AND 18)"),
            Column("companion", .text),
            Column("language", .text, "NOT NULL"),
            Column("story_count", .integer, "NOT NULL CHECK (story_count BETWEEN 3 AND 7)"),
            Column("seed", .bigint, "NOT NULL"),
            Column("completed_at", .date),
            Column("created_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX collection_by_family ON growth_collection(family_id, created_at)"])),
        .table(Table("collection_entry", [
            Column("collection_id", .text, "NOT NULL REFERENCES growth_collection(id) ON DELETE CASCADE"),
            Column("position", .integer, "NOT NULL CHECK (position BETWEEN 1 AND 7)"),
            Column("theme", .text, "NOT NULL"),
            Column("question", .text, "NOT NULL"),
            Column("story_id", .text, "UNIQUE REFERENCES story(id) ON DELETE SET NULL"),
        ], constraints: ["PRIMARY KEY (collection_id, position)"])),
        .table(Table("reading_day", [
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("day", .date, "NOT NULL"),
        ], constraints: ["PRIMARY KEY (family_id, day)"])),
        .table(Table("achievement", [
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("kind", .text, "NOT NULL"),
            Column("detail", .text, "NOT NULL DEFAULT ''"),
            Column("earned_at", .date, "NOT NULL"),
        ], constraints: ["PRIMARY KEY (family_id, kind, detail)"])),
    ])

    /// The daily quota as an append-only ledger; a failed story gave its use back (a trigger,
    /// dropped by v9). SQLite backfilled it from existing stories; a PostgreSQL database starts
    /// empty or is filled by `copy-to`.
    static let v5 = SchemaMigration("v5: quota ledger", [
        .table(Table("quota_use", [
            Column("id", .id),
            Column("platform", .text, "NOT NULL CHECK (length(platform) BETWEEN 1 AND 32)"),
            Column("requester_id", .text, "NOT NULL CHECK (length(requester_id) >= 1)"),
            Column("story_id", .text, "UNIQUE REFERENCES story(id) ON DELETE SET NULL"),
            Column("used_at", .date, "NOT NULL"),
            Column("refunded", .flag, "NOT NULL DEFAULT false"),
        ], indexes: ["CREATE INDEX quota_use_by_requester ON quota_use(platform, requester_id, used_at)"])),
        .engines(sqlite: [
            """
            CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story
            WHEN NEW.status = 'failed' AND OLD.status != 'failed'
            BEGIN
                UPDATE quota_use SET refunded = 1 WHERE story_id = NEW.id;
            END
            """,
            """
            INSERT INTO quota_use (platform, requester_id, story_id, used_at, refunded)
            SELECT family.platform, story.requester_id, story.id, story.created_at, 0
            FROM story JOIN family ON family.id = story.family_id
            WHERE story.status != 'failed' AND length(story.requester_id) >= 1
              AND NOT EXISTS (SELECT 1 FROM collection_entry
                              WHERE collection_entry.story_id = story.id AND collection_entry.position > 1)
            ORDER BY story.created_at, story.rowid
            """,
        ], postgres: [
            """
            CREATE FUNCTION quota_use_refund() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE quota_use SET refunded = true WHERE story_id = NEW.id;
                RETURN NULL;
            END;
            $$
            """,
            """
            CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story FOR EACH ROW
            WHEN (NEW.status = 'failed' AND OLD.status <> 'failed')
            EXECUTE FUNCTION quota_use_refund()
            """,
        ]),
    ])

    /// A story the bedtime screen refused (`unsafeContent(` in its failure) kept its quota use.
    static let v6 = SchemaMigration("v6: a story the bedtime screen refused keeps its quota use", [
        .engines(sqlite: [
            "DROP TRIGGER quota_use_refund_failed",
            """
            CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story
            WHEN NEW.status = 'failed' AND OLD.status != 'failed'
              AND coalesce(NEW.failure_reason, '') NOT LIKE '%unsafeContent(%'
            BEGIN
                UPDATE quota_use SET refunded = 1 WHERE story_id = NEW.id;
            END
            """,
        ], postgres: [
            "DROP TRIGGER quota_use_refund_failed ON story",
            """
            CREATE TRIGGER quota_use_refund_failed AFTER UPDATE OF status ON story FOR EACH ROW
            WHEN (NEW.status = 'failed' AND OLD.status <> 'failed'
                  AND coalesce(NEW.failure_reason, '') NOT LIKE '%unsafeContent(%')
            EXECUTE FUNCTION quota_use_refund()
            """,
        ]),
    ])
}
