-- Alarms (warn events) reported by edge boxes, their handling history, the error-detection library, labelling
-- tasks, and the video centre's download jobs and recordings.

-- The push sequence. Inserts take pg_advisory_xact_lock(ALARM_INSERT_LOCK) before nextval and hold it to commit,
-- so seq order is commit order: a reader that has seen seq N never later finds a committed alarm with seq < N.
CREATE SEQUENCE alarm_push_seq;

CREATE TABLE alarms (
  id serial PRIMARY KEY,
  seq bigint NOT NULL,
  -- No foreign keys to devices/scenes: an alarm keeps the camera and scene it had when it was stored.
  camera_id integer NOT NULL,
  camera_name varchar(128) NOT NULL,
  box_id integer,
  box_event_id varchar(64),
  event_type smallint NOT NULL CHECK ((event_type BETWEEN 1 AND 50) OR (event_type BETWEEN 1001 AND 1024)),
  alarm_time timestamptz NOT NULL,
  confidence real NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
  box_x integer NOT NULL,
  box_y integer NOT NULL,
  box_w integer NOT NULL,
  box_h integer NOT NULL,
  image_width integer NOT NULL,
  image_height integer NOT NULL,
  -- Snapshot path relative to <dataDir>/files (alarms/YYYYMMDD/<random>.jpg|png); null once purged after deletion.
  image_path varchar(256),
  attributes jsonb NOT NULL DEFAULT '{}',
  -- 0 new, 1 confirmed, 2 ignored, 3 dealt, 4 checked.
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  handle_user varchar(64),
  handle_time timestamptz,
  handle_remark varchar(500),
  deal_result varchar(500),
  deal_user varchar(64),
  deal_time timestamptz,
  check_result smallint CHECK (check_result IN (1, 2)),
  check_user varchar(64),
  check_time timestamptz,
  again_count integer NOT NULL DEFAULT 0,
  deal_images jsonb NOT NULL DEFAULT '[]',
  err_detection boolean NOT NULL DEFAULT false,
  simulated boolean NOT NULL DEFAULT false,
  scene_id integer,
  scene_name varchar(128),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Soft delete: a deleted alarm leaves every list, statistic, export and catch-up.
  deleted_at timestamptz,
  deleted_by varchar(64)
);
CREATE UNIQUE INDEX alarms_seq ON alarms (seq);
-- Idempotent ingest: a box's repeat of the same boxEventId finds the first alarm.
CREATE UNIQUE INDEX alarms_box_event ON alarms (box_id, box_event_id) WHERE box_event_id IS NOT NULL;
-- The list's filters (time range, camera, status, type) each lead an index in the list's order; PostgreSQL
-- combines them (bitmap AND) for the total count. Partial: deleted alarms are never listed or counted.
CREATE INDEX alarms_live_time ON alarms (alarm_time DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX alarms_live_camera ON alarms (camera_id, alarm_time DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX alarms_live_status ON alarms (status, alarm_time DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX alarms_live_type ON alarms (event_type, alarm_time DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX alarms_deleted ON alarms (deleted_at) WHERE deleted_at IS NOT NULL;

-- Live alarms counted per hour (UTC-aligned), state, kind and simulated flag, kept in step by statement triggers
-- in the same transaction as the change. The list's total over a wide time range (15 days, or all time) is then a
-- sum over a few thousand rows plus exact counts of the two partial hours at its ends, instead of a count of
-- hundreds of thousands of index entries (alarmCount.ts decides when it applies).
CREATE TABLE alarm_hour_counts (
  hour timestamptz NOT NULL,
  status smallint NOT NULL,
  road boolean NOT NULL,
  simulated boolean NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (hour, status, road, simulated)
);

CREATE FUNCTION alarm_hour_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Net change per key: rows leaving (old, live) count -1, rows arriving (new, live) +1; keys are written in
  -- order so concurrent transactions lock them in the same order. Unchanged keys are not touched.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alarm_hour_counts AS c (hour, status, road, simulated, n)
    SELECT date_bin('1 hour', alarm_time, timestamptz '2000-01-01 00:00:00+00'), status, event_type >= 1001, simulated, count(*)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, status, road, simulated) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alarm_hour_counts AS c (hour, status, road, simulated, n)
    SELECT hour, status, road, simulated, sum(d) FROM (
      SELECT date_bin('1 hour', alarm_time, timestamptz '2000-01-01 00:00:00+00') AS hour, status, event_type >= 1001 AS road, simulated, -1 AS d
      FROM old_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT date_bin('1 hour', alarm_time, timestamptz '2000-01-01 00:00:00+00'), status, event_type >= 1001, simulated, 1
      FROM new_rows WHERE deleted_at IS NULL
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, status, road, simulated) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO alarm_hour_counts AS c (hour, status, road, simulated, n)
    SELECT date_bin('1 hour', alarm_time, timestamptz '2000-01-01 00:00:00+00'), status, event_type >= 1001, simulated, -count(*)
    FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, status, road, simulated) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER alarms_hour_counts_insert AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_hour_counts_apply();
CREATE TRIGGER alarms_hour_counts_update AFTER UPDATE ON alarms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_hour_counts_apply();
CREATE TRIGGER alarms_hour_counts_delete AFTER DELETE ON alarms
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alarm_hour_counts_apply();

CREATE TABLE alarm_handle_logs (
  id bigserial PRIMARY KEY,
  alarm_id integer NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  action varchar(24) NOT NULL,
  from_status smallint,
  to_status smallint,
  user_name varchar(64) NOT NULL,
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alarm_handle_logs_alarm ON alarm_handle_logs (alarm_id, id);

-- False detections: one entry per alarm, keyed for later comparison by camera and event type.
CREATE TABLE err_detection_lib (
  id serial PRIMARY KEY,
  alarm_id integer NOT NULL UNIQUE REFERENCES alarms (id) ON DELETE CASCADE,
  camera_id integer NOT NULL,
  event_type smallint NOT NULL,
  box_x integer NOT NULL,
  box_y integer NOT NULL,
  box_w integer NOT NULL,
  box_h integer NOT NULL,
  remark varchar(500),
  create_user varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX err_detection_lib_camera_type ON err_detection_lib (camera_id, event_type);

-- Labelling tasks created in the configured Label Studio, one per alarm and project.
CREATE TABLE label_studio_tasks (
  id serial PRIMARY KEY,
  alarm_id integer NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  project varchar(128) NOT NULL,
  task_id integer NOT NULL,
  url varchar(512),
  create_user varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (alarm_id, project)
);

-- Video centre: clip download jobs and the recordings the media service reported.
CREATE TABLE video_downloads (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  camera_id integer NOT NULL,
  camera_name varchar(128) NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  -- 0 pending, 1 downloading, 2 finished, 3 failed.
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  progress smallint NOT NULL DEFAULT 0,
  size bigint,
  file_path varchar(256),
  error_msg varchar(500),
  create_user_id integer NOT NULL,
  create_user varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_downloads_created ON video_downloads (created_at DESC, id DESC);
CREATE INDEX video_downloads_user_status ON video_downloads (create_user_id, status);

CREATE TABLE video_records (
  id serial PRIMARY KEY,
  camera_id integer NOT NULL,
  camera_name varchar(128) NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  size bigint,
  play_url varchar(512) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_records_camera_start ON video_records (camera_id, start_time DESC);
CREATE INDEX video_records_start ON video_records (start_time DESC);
