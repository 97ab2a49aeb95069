extension Schema {
    /// Built-in stories counted apart (issue 29): each quota use names its pool, `models` for a
    /// story that calls a model (`STORIES_PER_DAY`), `builtin` for one the built-in providers
    /// make alone (`BUILTIN_STORIES_PER_DAY`). Every earlier use counted toward the plan's
    /// stories, so it is `models`. Depends on `quota_use` only (v5).
    static let quotaPools = """
    ALTER TABLE quota_use ADD COLUMN pool TEXT NOT NULL DEFAULT 'models' CHECK (pool IN ('models', 'builtin'));
    """
}
