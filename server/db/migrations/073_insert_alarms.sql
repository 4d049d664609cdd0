-- Alarm ingest stores its batches through this function (server/modules/alarms/alarmWriter.ts). The batch is one
-- jsonb argument, so the statement text is the same for every batch size, and PL/pgSQL keeps the INSERT's plan for
-- the connection's life instead of parsing and planning an 18-column VALUES list per batch: on embedded PGlite
-- that was 0.3 of the 1.0 ms a two-alarm batch cost.
--
-- The advisory lock (lock_key: alarmWriter.ts's ALARM_INSERT_LOCK) is taken before nextval and held until the
-- calling statement's transaction commits, so seq order is commit order, as before. The rows get their seqs in
-- the batch's order. A repeated (box_id, box_event_id) inserts nothing and answers nothing.
CREATE FUNCTION insert_alarms(batch jsonb, lock_key bigint)
RETURNS TABLE (stored_id integer, stored_seq bigint, stored_image_path varchar, stored_alarm_time timestamptz,
  stored_confidence real, stored_created_at timestamptz)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_key);
  RETURN QUERY
  INSERT INTO alarms (seq, camera_id, camera_name, box_id, box_event_id, event_type, alarm_time, confidence,
    box_x, box_y, box_w, box_h, image_width, image_height, image_path, attributes, simulated, scene_id, scene_name)
  SELECT nextval('alarm_push_seq'), v.camera_id, v.camera_name, v.box_id, v.box_event_id, v.event_type, v.alarm_time,
    v.confidence, v.box_x, v.box_y, v.box_w, v.box_h, v.image_width, v.image_height, v.image_path, v.attributes::jsonb,
    v.simulated, v.scene_id, v.scene_name
  FROM ROWS FROM (jsonb_to_recordset(batch) AS (camera_id integer, camera_name text, box_id integer,
    box_event_id text, event_type smallint, alarm_time timestamptz, confidence real, box_x integer, box_y integer,
    box_w integer, box_h integer, image_width integer, image_height integer, image_path text, attributes text,
    simulated boolean, scene_id integer, scene_name text)) WITH ORDINALITY AS v(camera_id, camera_name, box_id,
    box_event_id, event_type, alarm_time, confidence, box_x, box_y, box_w, box_h, image_width, image_height,
    image_path, attributes, simulated, scene_id, scene_name, n)
  ORDER BY v.n
  ON CONFLICT (box_id, box_event_id) WHERE box_event_id IS NOT NULL DO NOTHING
  RETURNING alarms.id, alarms.seq, alarms.image_path, alarms.alarm_time, alarms.confidence, alarms.created_at;
END $$;
