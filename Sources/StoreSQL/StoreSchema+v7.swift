extension StoreSchema {
    /// One job per platform request (a request seen again after a restart finds its story), and
    /// durable receipts of acknowledged interactions (never acknowledged twice).
    static let v7 = SchemaMigration("v7: request keys, acknowledgement receipts", [
        .add(table: "job", Column("request_key", .text, "CHECK (request_key IS NULL OR length(request_key) BETWEEN 1 AND 128)")),
        .sql("CREATE UNIQUE INDEX job_by_request ON job(request_key) WHERE request_key IS NOT NULL"),
        .table(Table("acknowledgement", [
            Column("platform", .text, "NOT NULL CHECK (length(platform) BETWEEN 1 AND 32)"),
            Column("interaction_id", .text, "NOT NULL CHECK (length(interaction_id) BETWEEN 1 AND 64)"),
            Column("privately", .flag, "NOT NULL"),
            Column("acknowledged_at", .date, "NOT NULL"),
        ], constraints: ["PRIMARY KEY (platform, interaction_id)"], indexes: ["CREATE INDEX acknowledgement_by_age ON acknowledgement(acknowledged_at)"])),
    ])

    /// Web chat rooms with members who joined by invitation, each holding a session (codes and
    /// tokens stored only as SHA-256 hashes). SQLite kept the rooms that existed before.
    static let v8 = SchemaMigration("v8: web chat rooms, members, invites, sessions", [
        .table(Table("web_room", [
            Column("id", .id),
            Column("key", .text, "NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 128)"),
            Column("name", .text, "NOT NULL CHECK (length(name) BETWEEN 1 AND 128)"),
            Column("created_at", .date, "NOT NULL"),
        ])),
        .table(Table("web_invite", [
            Column("id", .id),
            Column("room_id", .bigint, "NOT NULL REFERENCES web_room(id) ON DELETE CASCADE"),
            Column("code_hash", .text, "NOT NULL UNIQUE CHECK (length(code_hash) = 64)"),
            Column("role", .text, "NOT NULL CHECK (role IN ('grown-up', 'child'))"),
            Column("purpose", .text, "NOT NULL CHECK (purpose IN ('invite', 'setup'))"),
            Column("created_by", .text, "NOT NULL CHECK (length(created_by) BETWEEN 1 AND 64)"),
            Column("created_at", .date, "NOT NULL"),
            Column("expires_at", .date, "NOT NULL"),
            Column("max_uses", .integer, "NOT NULL CHECK (max_uses >= 1)"),
            Column("uses", .integer, "NOT NULL DEFAULT 0 CHECK (uses BETWEEN 0 AND max_uses)"),
            Column("revoked_at", .date),
        ], indexes: ["CREATE INDEX web_invite_by_room ON web_invite(room_id, created_at)"])),
        .table(Table("web_member", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64)"),
            Column("seq", .seq),
            Column("room_id", .bigint, "NOT NULL REFERENCES web_room(id) ON DELETE CASCADE"),
            Column("invite_id", .bigint, "REFERENCES web_invite(id) ON DELETE SET NULL"),
            Column("name", .text, "NOT NULL CHECK (length(name) BETWEEN 1 AND 128)"),
            Column("role", .text, "NOT NULL CHECK (role IN ('grown-up', 'child'))"),
            Column("joined_at", .date, "NOT NULL"),
            Column("last_seen_at", .date),
            Column("removed_at", .date),
        ], indexes: ["CREATE INDEX web_member_by_room ON web_member(room_id, joined_at)"])),
        .table(Table("web_session", [
            Column("token_hash", .text, "PRIMARY KEY CHECK (length(token_hash) = 64)"),
            Column("member_id", .text, "NOT NULL REFERENCES web_member(id) ON DELETE CASCADE"),
            Column("created_at", .date, "NOT NULL"),
            Column("expires_at", .date, "NOT NULL"),
            Column("ended_at", .date),
        ], indexes: ["CREATE INDEX web_session_by_member ON web_session(member_id)"])),
        .engines(sqlite: [
            "INSERT INTO web_room (key, name, created_at) SELECT external_id, external_id, created_at FROM family WHERE platform = 'web' ORDER BY created_at, id",
            "INSERT OR IGNORE INTO web_room (key, name, created_at) SELECT room, room, MIN(created_at) FROM chat_message GROUP BY room ORDER BY MIN(created_at)",
        ], postgres: []),
    ])

    /// Bounded model spend (issue 17): the refund trigger dropped (the pipeline says whose fault a
    /// failure was), model calls written before they are sent, refused requests, collection
    /// remakes (PostgreSQL gives them an id; `copy-to` copies SQLite's rowid into it), and
    /// `family.job_turn` so families take turns.
    static let v9 = SchemaMigration("v9: model calls, refused requests, collection remakes, queue turns by family", [
        .engines(sqlite: ["DROP TRIGGER quota_use_refund_failed"],
                 postgres: ["DROP TRIGGER quota_use_refund_failed ON story", "DROP FUNCTION quota_use_refund()"]),
        .table(Table("model_call", [
            Column("id", .id),
            Column("family_key", .text),
            Column("story_id", .text),
            Column("provider", .text, "NOT NULL CHECK (length(provider) BETWEEN 1 AND 64)"),
            Column("model", .text, "NOT NULL"),
            Column("kind", .text, "NOT NULL CHECK (kind IN ('text', 'picture', 'narration'))"),
            Column("outcome", .text, "NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'answered', 'failed', 'timedOut', 'broken'))"),
            Column("status", .integer),
            Column("started_at", .date, "NOT NULL"),
            Column("ended_at", .date),
        ], indexes: [
            "CREATE INDEX model_call_by_time ON model_call(started_at)",
            "CREATE INDEX model_call_by_family ON model_call(family_key, started_at)",
        ])),
        .table(Table("refused_request", [
            Column("id", .id),
            Column("platform", .text, "NOT NULL CHECK (length(platform) BETWEEN 1 AND 32)"),
            Column("requester_id", .text, "NOT NULL CHECK (length(requester_id) >= 1)"),
            Column("refused_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX refused_request_by_requester ON refused_request(platform, requester_id, refused_at)"])),
        .table(Table("collection_remake", [
            Column("id", .postgresID),
            Column("collection_id", .text, "NOT NULL REFERENCES growth_collection(id) ON DELETE CASCADE"),
            Column("position", .integer, "NOT NULL CHECK (position >= 1)"),
            Column("made_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX collection_remake_by_entry ON collection_remake(collection_id, position, made_at)"])),
        .add(table: "family", Column("job_turn", .bigint)),
        .sql("CREATE INDEX family_by_job_turn ON family(job_turn)"),
    ])

    /// Interaction tokens (`delivery_json.secret`) forgotten once a job is done (a trigger,
    /// whichever way it finished); ``SQLDeliveryTokenSweeper`` forgets those of jobs older than a
    /// token lives, found by the partial index.
    static let v11 = SchemaMigration("v11: interaction tokens forgotten when finished", [
        .engines(sqlite: [
            """
            UPDATE job SET delivery_json = json_remove(delivery_json, '$.secret')
            WHERE status = 'done' AND json_extract(delivery_json, '$.secret') IS NOT NULL
            """,
            """
            CREATE TRIGGER job_done_forgets_token AFTER UPDATE OF status, delivery_json ON job
            WHEN NEW.status = 'done' AND json_extract(NEW.delivery_json, '$.secret') IS NOT NULL
            BEGIN
                UPDATE job SET delivery_json = json_remove(NEW.delivery_json, '$.secret') WHERE id = NEW.id;
            END
            """,
            "CREATE INDEX job_keeping_token ON job(created_at) WHERE json_extract(delivery_json, '$.secret') IS NOT NULL",
        ], postgres: [
            """
            UPDATE job SET delivery_json = (delivery_json::jsonb - 'secret')::text
            WHERE status = 'done' AND (delivery_json::jsonb ->> 'secret') IS NOT NULL
            """,
            """
            CREATE FUNCTION job_forget_token() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF (NEW.delivery_json::jsonb ->> 'secret') IS NOT NULL THEN
                    NEW.delivery_json := (NEW.delivery_json::jsonb - 'secret')::text;
                END IF;
                RETURN NEW;
            END;
            $$
            """,
            """
            CREATE TRIGGER job_done_forgets_token BEFORE UPDATE OF status, delivery_json ON job FOR EACH ROW
            WHEN (NEW.status = 'done')
            EXECUTE FUNCTION job_forget_token()
            """,
            "CREATE INDEX job_keeping_token ON job(created_at) WHERE (delivery_json::jsonb ->> 'secret') IS NOT NULL",
        ]),
    ])

    /// Job leases (issue 19): the process working a job and until when it holds it.
    static let v12 = SchemaMigration("v12: job leases", [
        .add(table: "job", Column("locked_by", .text, "CHECK (locked_by IS NULL OR length(locked_by) BETWEEN 1 AND 128)")),
        .add(table: "job", Column("lease_until", .date)),
        .sql("CREATE INDEX job_by_lease ON job(status, lease_until)"),
    ])

    /// Read aloud (issue 20): narration audio stored once by its SHA-256, and which audio reads a
    /// story's page or the whole story, deleted with the story.
    static let v13 = SchemaMigration("v13: narration audio, kept with its story", [
        .table(Table("audio", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) = 64)"),
            Column("content_type", .text, "NOT NULL CHECK (content_type LIKE 'audio/%')"),
            Column("byte_count", .integer, "NOT NULL CHECK (byte_count > 0)"),
            Column("duration_ms", .integer, "NOT NULL CHECK (duration_ms >= 0)"),
            Column("waveform", .bytes, "NOT NULL CHECK (length(waveform) BETWEEN 1 AND 256)"),
            Column("data", .bytes, "NOT NULL"),
            Column("created_at", .date, "NOT NULL"),
        ])),
        .table(Table("narration", [
            Column("story_id", .text, "NOT NULL REFERENCES story(id) ON DELETE CASCADE"),
            Column("part", .text, "NOT NULL CHECK (part = 'whole' OR (part GLOB 'p[1-9]*' AND length(part) <= 4))",
                   postgres: "NOT NULL CHECK (part = 'whole' OR (part ~ '^p[1-9][0-9]{0,2}$'))"),
            Column("voice", .text, "NOT NULL CHECK (length(voice) BETWEEN 1 AND 100)"),
            Column("audio_id", .text, "NOT NULL REFERENCES audio(id)"),
            Column("created_at", .date, "NOT NULL"),
        ], constraints: ["PRIMARY KEY (story_id, part)"], indexes: ["CREATE INDEX narration_by_audio ON narration(audio_id)"])),
    ])

    /// The family's cast: members unique by `name_key`, deleted with the family; portraits in `image`.
    static let v14 = SchemaMigration("v14: the family's cast", [
        .table(Table("cast_member", [
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("name_key", .text, "NOT NULL CHECK (length(name_key) BETWEEN 1 AND 160)"),
            Column("name", .text, "NOT NULL CHECK (length(name) BETWEEN 1 AND 40)"),
            Column("kind", .text, "NOT NULL CHECK (length(kind) BETWEEN 1 AND 20)"),
            Column("age", .integer, "CHECK (age BETWEEN 0 AND 17)"),
            Column("look", .text, "NOT NULL CHECK (length(look) <= 80)"),
            Column("created_by", .text, "NOT NULL CHECK (length(created_by) BETWEEN 1 AND 100)"),
            Column("portrait_id", .text, "REFERENCES image(id)"),
            Column("created_at", .date, "NOT NULL"),
            Column("seq", .seq),
        ], constraints: ["PRIMARY KEY (family_id, name_key)"], indexes: ["CREATE INDEX cast_member_by_portrait ON cast_member(portrait_id)"])),
    ])

    /// Tonight's chapter: a story's chain (`series_id`, plain text), the chapter it follows and
    /// the previous chapter's title and summary. Deleted with its story.
    static let v15 = SchemaMigration("v15: story chapters", [
        .table(Table("story_chapter", [
            Column("story_id", .text, "PRIMARY KEY REFERENCES story(id) ON DELETE CASCADE"),
            Column("series_id", .text, "NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32)"),
            Column("previous_story_id", .text, "NOT NULL CHECK (length(previous_story_id) BETWEEN 1 AND 32)"),
            Column("chapter_number", .integer, "NOT NULL CHECK (chapter_number BETWEEN 2 AND 10000)"),
            Column("previous_title", .text, "NOT NULL CHECK (length(previous_title) <= 120)"),
            Column("previous_summary", .text, "NOT NULL CHECK (length(previous_summary) <= 400)"),
        ], indexes: ["CREATE INDEX story_chapter_by_series ON story_chapter(series_id, chapter_number)"])),
    ])

    /// Identify turns and the last second's REST requests, shared by the bot's processes on
    /// PostgreSQL (transient: not copied by `copy-to`); one SQLite process keeps them in memory.
    static let v16 = SchemaMigration("v16: identify turns and REST requests shared by the bot's processes", [
        .engines(sqlite: [], postgres: [
            "CREATE TABLE identify_turn (bucket integer PRIMARY KEY CHECK (bucket >= 0), next_at timestamptz NOT NULL)",
            "CREATE TABLE rest_request (sent_at timestamptz NOT NULL)",
            "CREATE INDEX rest_request_by_time ON rest_request(sent_at)",
        ]),
    ])
}
