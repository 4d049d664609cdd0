-- Target retrieval embeds alarms at ingest, in the background: every stored alarm with a snapshot is queued here
-- (by a trigger, in the statement that stores it, so ingest pays no extra round trip) and the server's index loop
-- (server/modules/retrieval/indexLoop.ts) embeds its snapshot and the crop of its box into image_embeddings, then
-- removes the row. The backlog is exactly "alarms not yet embedded": a restart continues where it stopped.
CREATE TABLE embedding_backlog (
  alarm_id integer PRIMARY KEY REFERENCES alarms (id) ON DELETE CASCADE,
  -- A loop that claimed the alarm holds it until then (another instance takes it over after a crash).
  claimed_until timestamptz,
  -- Failed embedding attempts (an unreadable snapshot is dropped after the third).
  attempts smallint NOT NULL DEFAULT 0
);

CREATE FUNCTION embedding_backlog_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_backlog (alarm_id)
  SELECT n.id FROM new_rows n WHERE n.image_path IS NOT NULL AND n.deleted_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER alarms_embedding_backlog AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION embedding_backlog_enqueue();

-- Alarms stored before this migration are the first backlog (the loop takes the newest first).
INSERT INTO embedding_backlog (alarm_id)
SELECT id FROM alarms WHERE image_path IS NOT NULL AND deleted_at IS NULL;
