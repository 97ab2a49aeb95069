extension Schema {
    /// Interaction tokens (`delivery_json.secret`) are forgotten once they cannot be used: a
    /// finished job forgets its token at once (the trigger, whichever way the job finished), and
    /// ``SQLDeliveryTokenSweeper`` forgets the tokens of jobs older than a token lives. The index
    /// holds only the jobs that still keep one.
    static let forgottenTokens = """
    UPDATE job SET delivery_json = json_remove(delivery_json, '$.secret')
    WHERE status = 'done' AND json_extract(delivery_json, '$.secret') IS NOT NULL;

    CREATE TRIGGER job_done_forgets_token AFTER UPDATE OF status, delivery_json ON job
    WHEN NEW.status = 'done' AND json_extract(NEW.delivery_json, '$.secret') IS NOT NULL
    BEGIN
        UPDATE job SET delivery_json = json_remove(NEW.delivery_json, '$.secret') WHERE id = NEW.id;
    END;

    CREATE INDEX job_keeping_token ON job(created_at) WHERE json_extract(delivery_json, '$.secret') IS NOT NULL;
    """
}
