-- Real video, the platform's half (issue 35, docs/edge-runtime.md): live-view tickets, continuous recordings, and
-- the box wake-up.

-- A live view is opened with a one-use ticket (POST /video/live/open): only its hash is kept, bound to the session
-- that asked for it (its token hash) and to the camera; the GET of /video/live/<ticket>.mp4 takes it in one UPDATE.
CREATE TABLE live_tickets (
  id serial PRIMARY KEY,
  ticket_hash char(64) NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_hash char(64) NOT NULL,
  camera_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX live_tickets_expires ON live_tickets (expires_at);

-- Recordings are alarm clips ('clip', posted with a boxEventId) or continuous segments ('continuous'), which the
-- retention loop deletes oldest first.
ALTER TABLE video_records ADD COLUMN kind varchar(12) NOT NULL DEFAULT 'clip' CHECK (kind IN ('clip', 'continuous'));
CREATE INDEX video_records_continuous ON video_records (start_time, id) WHERE kind = 'continuous';

-- When a box's socket (/api/ingest/socket) last opened and closed, on whichever instance held it: a box whose socket
-- closed after its last stream report has lost its streams (its process ended), which the console shows at once
-- rather than when its heartbeats go stale.
ALTER TABLE edge_boxes ADD COLUMN socket_opened_at timestamptz;
ALTER TABLE edge_boxes ADD COLUMN socket_closed_at timestamptz;

-- Wake a box (its socket gets {type: 'wake'} and it sends a heartbeat at once) when what its heartbeat answer
-- carries changes: a command queued, a trained version to sync, a camera's settings or its event configurations.
-- pg_notify is delivered when the transaction commits (never on rollback, once per payload per transaction), to
-- every server instance listening, so the one holding the box's socket hears it (server/realtime/boxWake.ts).
-- Columns a box itself reports or the platform keeps for display (run state, snapshots, stream state) are left
-- out, so a heartbeat never wakes its own box.
CREATE FUNCTION wake_box(box integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF box IS NOT NULL THEN
    PERFORM pg_notify('argus_box_wake', box::text);
  END IF;
END $$;

CREATE FUNCTION wake_box_of_command() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wake_box(NEW.box_id);
  RETURN NULL;
END $$;
CREATE TRIGGER edge_box_commands_wake AFTER INSERT ON edge_box_commands
  FOR EACH ROW EXECUTE FUNCTION wake_box_of_command();
CREATE TRIGGER train_version_syncs_wake AFTER INSERT OR UPDATE OF status ON train_version_syncs
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION wake_box_of_command();

-- Device columns that do not change what a box runs.
CREATE FUNCTION device_settings(d jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT d - 'run_state' - 'run_message' - 'online' - 'snapshot_path' - 'snapshot_at' - 'width' - 'height'
    - 'updated_at' - 'started_at' - 'source_fps' - 'duration' - 'file_size' - 'stream_report' - 'stream_reported_at'
$$;

CREATE FUNCTION wake_box_of_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM wake_box(NEW.box_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM wake_box(OLD.box_id);
  ELSIF device_settings(to_jsonb(NEW)) IS DISTINCT FROM device_settings(to_jsonb(OLD)) THEN
    PERFORM wake_box(NEW.box_id);
    IF OLD.box_id IS DISTINCT FROM NEW.box_id THEN
      PERFORM wake_box(OLD.box_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_wake AFTER INSERT OR UPDATE OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION wake_box_of_device();

-- Event configurations and detection tasks belong to a device: its box is woken.
CREATE FUNCTION wake_box_of_device_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_new jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  row_old jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
BEGIN
  IF TG_OP = 'UPDATE' AND (row_new - 'run_state' - 'run_message' - 'started_at' - 'updated_at')
      IS NOT DISTINCT FROM (row_old - 'run_state' - 'run_message' - 'started_at' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  PERFORM wake_box(d.box_id) FROM devices d
    WHERE d.id IN ((row_new ->> 'device_id')::integer, (row_old ->> 'device_id')::integer);
  RETURN NULL;
END $$;
CREATE TRIGGER device_event_configs_wake AFTER INSERT OR UPDATE OR DELETE ON device_event_configs
  FOR EACH ROW EXECUTE FUNCTION wake_box_of_device_row();
CREATE TRIGGER detection_tasks_wake AFTER INSERT OR UPDATE OR DELETE ON detection_tasks
  FOR EACH ROW EXECUTE FUNCTION wake_box_of_device_row();
