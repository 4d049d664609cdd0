-- Target retrieval on objects (issue 36): the index loop runs the detector on each alarm's snapshot and stores one
-- feature vector per object — the alarm's own box (object_no 0) and each object the detector found (1…) — with its
-- box and label; a search compares crop against crop. Whole-snapshot vectors are no longer used for alarms (they
-- tied at 1.0000 on a site whose scenes share one road).
CREATE TABLE retrieval_crops (
  alarm_id integer NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  object_no smallint NOT NULL,
  -- The detector's class; null for the alarm's own box (its object type is in the alarm's attributes).
  label varchar(32),
  score real,
  -- The box relative to the snapshot (x1, y1, x2, y2 in 0..1).
  x1 real NOT NULL,
  y1 real NOT NULL,
  x2 real NOT NULL,
  y2 real NOT NULL,
  -- The feature extractor (name@weights hash); vectors of another extractor are not compared.
  extractor varchar(128) NOT NULL,
  -- float32 little-endian, L2-normalised (cosine = dot product).
  vector bytea NOT NULL,
  PRIMARY KEY (alarm_id, object_no)
);

-- Every stored alarm is indexed again, by objects (newest first, in the background).
INSERT INTO embedding_backlog (alarm_id)
SELECT id FROM alarms WHERE image_path IS NOT NULL AND deleted_at IS NULL
ON CONFLICT DO NOTHING;
