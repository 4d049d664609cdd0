-- The camera filter's counts (GET /warn/event/camera, server/modules/alarms/cameraCounts.ts): live alarms per
-- camera, state and kind, kept in step by statement triggers in the same transaction as the change, as
-- alarm_hour_counts is (003). Every alarm list asks for the camera filter when it opens; counted from the alarms
-- table, that took 1.8 s on a million alarms on embedded PGlite, whose queries hold the server's event loop.
CREATE TABLE alarm_camera_counts (
  camera_id integer NOT NULL,
  status smallint NOT NULL,
  road boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (camera_id, status, road)
);

INSERT INTO alarm_camera_counts (camera_id, status, road, n)
SELECT camera_id, status, event_type >= 1001, count(*) FROM alarms WHERE deleted_at IS NULL GROUP BY 1, 2, 3;

CREATE FUNCTION alarm_camera_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Net change per key, written in key order (as alarm_hour_counts_apply): rows leaving (old, live) -1, rows
  -- arriving (new, live) +1; unchanged keys are not touched.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alarm_camera_counts AS c (camera_id, status, road, n)
    SELECT camera_id, status, event_type >= 1001, count(*)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (camera_id, status, road) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alarm_camera_counts AS c (camera_id, status, road, n)
    SELECT camera_id, status, road, sum(d) FROM (
      SELECT camera_id, status, event_type >= 1001 AS road, -1 AS d FROM old_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT camera_id, status, event_type >= 1001, 1 FROM new_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (camera_id, status, road) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO alarm_camera_counts AS c (camera_id, status, road, n)
    SELECT camera_id, status, event_type >= 1001, -count(*)
    FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (camera_id, status, road) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER alarms_camera_counts_insert AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_camera_counts_apply();
CREATE TRIGGER alarms_camera_counts_update AFTER UPDATE ON alarms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_camera_counts_apply();
CREATE TRIGGER alarms_camera_counts_delete AFTER DELETE ON alarms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_camera_counts_apply();
