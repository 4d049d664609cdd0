-- Passenger flow (issue 12): counts an edge box posts per camera, counting line and direction per minute
-- (ingestFlow). A repeat of a stored key is not stored again (idempotent ingest).
CREATE TABLE flow_counts (
  camera_id integer NOT NULL,
  line varchar(32) NOT NULL,
  -- 1 in, 2 out.
  direction smallint NOT NULL CHECK (direction IN (1, 2)),
  minute timestamptz NOT NULL,
  count integer NOT NULL CHECK (count BETWEEN 0 AND 10000),
  -- No foreign keys: counts keep the box and camera they came from.
  box_id integer NOT NULL,
  simulated boolean NOT NULL DEFAULT false,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (camera_id, line, direction, minute)
);
CREATE INDEX flow_counts_minute ON flow_counts (minute);
