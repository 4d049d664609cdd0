-- Syncing a trained version to edge boxes (issue 10): one row per version and box. pending → delivered (a heartbeat
-- answer handed it over, in the statement that selects it) → applied / failed (the box's acknowledgement). The
-- unique pair makes a repeated sync one row; a failed row is queued again by the same upsert.
CREATE TABLE train_version_syncs (
  id serial PRIMARY KEY,
  version_id integer NOT NULL REFERENCES train_versions (id) ON DELETE CASCADE,
  box_id integer NOT NULL REFERENCES edge_boxes (id) ON DELETE CASCADE,
  status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'applied', 'failed')),
  reason varchar(200) NOT NULL DEFAULT '',
  user_name varchar(32) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  finished_at timestamptz,
  UNIQUE (version_id, box_id)
);
-- The heartbeat looks up a box's pending syncs.
CREATE INDEX train_version_syncs_box_pending ON train_version_syncs (box_id) WHERE status = 'pending';
