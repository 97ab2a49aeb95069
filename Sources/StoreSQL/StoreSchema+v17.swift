extension StoreSchema {
    /// A web chat member is welcomed once; members who joined before count as welcomed.
    static let v17 = SchemaMigration("v17: a web chat member is welcomed once", [
        .add(table: "web_member", Column("welcomed_at", .date)),
        .sql("UPDATE web_member SET welcomed_at = joined_at"),
    ])

    /// Built-in stories counted apart: each quota use names its pool (`models` before).
    static let v18 = SchemaMigration("v18: built-in stories counted apart", [
        .add(table: "quota_use", Column("pool", .text, "NOT NULL DEFAULT 'models' CHECK (pool IN ('models', 'builtin'))")),
    ])

    /// Who a story is for: `children` or `family` (NULL before: the family's).
    static let v19 = SchemaMigration("v19: who a story is for (children or the family)", [
        .add(table: "story", Column("audience", .text, "CHECK (audience IN ('family', 'children'))")),
    ])

    /// Pronouns of a cast member and a story's hero (NULL: use the name).
    static let v20 = SchemaMigration("v20: cast pronouns", [
        .add(table: "cast_member", Column("pronouns", .text, "CHECK (pronouns IN ('he', 'she', 'they'))")),
        .add(table: "story", Column("hero_pronouns", .text, "CHECK (hero_pronouns IN ('he', 'she', 'they'))")),
    ])

    /// Each picture's chosen form for chats: a smaller copy, or both NULL for the picture itself.
    static let v21 = SchemaMigration("v21: pictures kept as chats are sent them", [
        .table(Table("chat_picture", [
            Column("image_id", .text, "PRIMARY KEY REFERENCES image(id) ON DELETE CASCADE"),
            Column("content_type", .text, "CHECK (content_type LIKE 'image/%')"),
            Column("data", .bytes, "CHECK (data IS NULL OR length(data) > 0)", postgres: "CHECK (data IS NULL OR octet_length(data) > 0)"),
        ], constraints: ["CHECK ((content_type IS NULL) = (data IS NULL))"])),
    ])

    /// Bedtime schedules and one row per schedule per evening, whose conditional marks make each
    /// evening happen once. `story_id` names no foreign key.
    static let v22 = SchemaMigration("v22: bedtime schedules and their evenings", [
        .table(Table("bedtime_schedule", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32)"),
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("channel_id", .text, "NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128)"),
            Column("minute_of_day", .integer, "NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439)"),
            Column("days", .text, "NOT NULL CHECK (length(days) BETWEEN 1 AND 20)"),
            Column("story", .text, "NOT NULL CHECK (story IN ('continue', 'new'))"),
            Column("theme", .text, "CHECK (theme IS NULL OR (story = 'new' AND length(theme) BETWEEN 1 AND 200))"),
            Column("owner_id", .text, "NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 100)"),
            Column("owner_name", .text, "NOT NULL CHECK (length(owner_name) <= 100)"),
            Column("created_at", .date, "NOT NULL"),
        ], indexes: ["CREATE INDEX bedtime_schedule_by_family ON bedtime_schedule(family_id, created_at)"])),
        .table(Table("bedtime_evening", [
            Column("schedule_id", .text, "NOT NULL REFERENCES bedtime_schedule(id) ON DELETE CASCADE"),
            Column("evening", .text, "NOT NULL CHECK (length(evening) = 10)"),
            Column("claimed_by", .text, "CHECK (claimed_by IS NULL OR length(claimed_by) <= 100)"),
            Column("claimed_at", .date),
            Column("story_id", .text),
            Column("posted_at", .date),
            Column("skipped_at", .date),
            Column("skip_reason", .text, "CHECK (skip_reason IS NULL OR length(skip_reason) <= 100)"),
            Column("told_at", .date),
        ], constraints: ["PRIMARY KEY (schedule_id, evening)", "CHECK (posted_at IS NULL OR skipped_at IS NULL)"])),
    ])

    /// Lease expiries counted apart from attempts (issue 32).
    static let v23 = SchemaMigration("v23: lease expiries counted apart from attempts", [
        .add(table: "job", Column("lease_expiries", .integer, "NOT NULL DEFAULT 0 CHECK (lease_expiries >= 0)")),
    ])

    /// A page or the whole story read winding down, kept under its own part (`p5-wd5`,
    /// `whole-wd10`). SQLite cannot change a CHECK: the table is rebuilt with the same rows.
    static let v24 = SchemaMigration("v24: wind-down narration kept beside the plain one", [
        .engines(sqlite: [
            """
            CREATE TABLE narration_new (
                story_id TEXT NOT NULL REFERENCES story(id) ON DELETE CASCADE,
                part TEXT NOT NULL CHECK (length(part) <= 10 AND (part = 'whole' OR part GLOB 'whole-wd[1-9]*' OR part GLOB 'p[1-9]*')),
                voice TEXT NOT NULL CHECK (length(voice) BETWEEN 1 AND 100),
                audio_id TEXT NOT NULL REFERENCES audio(id),
                created_at DATETIME NOT NULL,
                PRIMARY KEY (story_id, part)
            )
            """,
            """
            INSERT INTO narration_new (story_id, part, voice, audio_id, created_at)
                SELECT story_id, part, voice, audio_id, created_at FROM narration
            """,
            "DROP TABLE narration",
            "ALTER TABLE narration_new RENAME TO narration",
            "CREATE INDEX narration_by_audio ON narration(audio_id)",
        ], postgres: [
            "ALTER TABLE narration DROP CONSTRAINT narration_part_check",
            "ALTER TABLE narration ADD CONSTRAINT narration_part_check CHECK (part ~ '^(whole|p[1-9][0-9]{0,2})(-wd(2|5|10))?$')",
        ]),
    ])

    /// Stories held for a grown-up's yes (`story_id` names no foreign key) and a cast member's sensitivities.
    static let v25 = SchemaMigration("v25: stories held for a grown-up's yes; a cast member's sensitivities", [
        .table(Table("story_approval", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32)"),
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("channel_id", .text, "NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128)"),
            Column("requester_id", .text, "NOT NULL CHECK (length(requester_id) BETWEEN 1 AND 100)"),
            Column("requester_name", .text, "NOT NULL CHECK (length(requester_name) <= 100)"),
            Column("kind", .text, "NOT NULL CHECK (kind IN ('request', 'bedtime'))"),
            Column("story_id", .text, "NOT NULL CHECK (length(story_id) BETWEEN 1 AND 64)"),
            Column("state", .text, "NOT NULL CHECK (state IN ('waiting', 'approved', 'shared', 'declined', 'expired'))"),
            Column("created_at", .date, "NOT NULL"),
            Column("deadline", .date, "NOT NULL"),
            Column("share_at", .date),
            Column("sent_at", .date),
            Column("decided_at", .date),
            Column("decided_by", .text, "CHECK (decided_by IS NULL OR length(decided_by) <= 100)"),
            Column("told_at", .date),
        ], indexes: [
            "CREATE INDEX story_approval_by_family ON story_approval(family_id, state)",
            "CREATE INDEX story_approval_in_play ON story_approval(state, told_at)",
        ])),
        .add(table: "cast_member", Column("avoid", .text, "CHECK (avoid IS NULL OR length(avoid) <= 400)")),
    ])

    /// The family's votes on what happens next (one open per chain) and one ballot per member.
    static let v26 = SchemaMigration("v26: the family's votes on what happens next", [
        .table(Table("chapter_vote", [
            Column("id", .text, "PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32)"),
            Column("family_id", .bigint, "NOT NULL REFERENCES family(id) ON DELETE CASCADE"),
            Column("series_id", .text, "NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32)"),
            Column("story_id", .text, "NOT NULL CHECK (length(story_id) BETWEEN 1 AND 32)"),
            Column("channel_id", .text, "NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128)"),
            Column("choices", .text, "NOT NULL CHECK (length(choices) <= 4000)"),
            Column("opened_at", .date, "NOT NULL"),
            Column("ends_at", .date, "NOT NULL"),
            Column("closed_at", .date),
            Column("winner", .integer, "CHECK (winner IS NULL OR winner BETWEEN 0 AND 9)"),
            Column("message_id", .text, "CHECK (message_id IS NULL OR length(message_id) BETWEEN 1 AND 128)"),
            Column("poll", .flag, "NOT NULL DEFAULT false"),
        ], indexes: [
            "CREATE UNIQUE INDEX chapter_vote_open_per_chain ON chapter_vote(family_id, series_id) WHERE closed_at IS NULL",
            "CREATE INDEX chapter_vote_by_chain ON chapter_vote(family_id, series_id, opened_at)",
            "CREATE INDEX chapter_vote_by_message ON chapter_vote(message_id)",
        ])),
        .table(Table("chapter_ballot", [
            Column("vote_id", .text, "NOT NULL REFERENCES chapter_vote(id) ON DELETE CASCADE"),
            Column("member_id", .text, "NOT NULL CHECK (length(member_id) BETWEEN 1 AND 100)"),
            Column("choice", .integer, "NOT NULL CHECK (choice BETWEEN 0 AND 9)"),
            Column("cast_at", .date, "NOT NULL"),
        ], constraints: ["PRIMARY KEY (vote_id, member_id)"])),
    ])
}
