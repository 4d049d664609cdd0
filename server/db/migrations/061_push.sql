-- Push to third parties (/plugManage): endpoints per industry, switched on and off, and an outbox of deliveries
-- written in the same statement as the alarms (a trigger), drained by the server's delivery loop, so ingest never
-- waits on a receiver.
CREATE TABLE plug_industries (
  id serial PRIMARY KEY,
  industry_name varchar(32) NOT NULL UNIQUE,
  protocol varchar(8) NOT NULL CHECK (protocol IN ('http', 'kafka', 'mqtt')),
  push_url varchar(500) NOT NULL,
  topic varchar(128) NOT NULL DEFAULT '',
  -- The shared HMAC secret; answered only masked.
  auth_token varchar(500) NOT NULL DEFAULT '',
  event_ids jsonb NOT NULL DEFAULT '[]',
  push_switch smallint NOT NULL DEFAULT 0 CHECK (push_switch IN (0, 1)),
  with_image boolean NOT NULL DEFAULT true,
  remark varchar(500) NOT NULL DEFAULT '',
  last_push_at timestamptz,
  -- 0 never pushed, 1 last push ok, 2 last push failed.
  last_push_state smallint NOT NULL DEFAULT 0 CHECK (last_push_state BETWEEN 0 AND 2),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_deliveries (
  id serial PRIMARY KEY,
  industry_id integer NOT NULL REFERENCES plug_industries (id) ON DELETE CASCADE,
  alarm_id integer REFERENCES alarms (id) ON DELETE CASCADE,
  kind varchar(8) NOT NULL CHECK (kind IN ('alarm', 'test')),
  -- 0 pending (waiting or retrying), 1 delivered, 2 failed (retries used up).
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  attempts integer NOT NULL DEFAULT 0,
  http_status integer,
  last_error varchar(500) NOT NULL DEFAULT '',
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A loop that claimed the delivery holds it until then (another instance takes it over after a crash).
  claimed_until timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at, id) WHERE status = 0;
CREATE INDEX push_deliveries_industry ON push_deliveries (industry_id, id DESC);

CREATE FUNCTION push_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  master jsonb;
BEGIN
  -- Cheap exits first: no endpoint switched on, or the master switch (searchPushConfig.push.enabled) off.
  IF NOT EXISTS (SELECT 1 FROM plug_industries WHERE push_switch = 1 AND protocol = 'http') THEN
    RETURN NULL;
  END IF;
  SELECT value::jsonb -> 'push' INTO master FROM site_settings WHERE key = 'system.searchPushConfig';
  IF master IS NULL OR NOT COALESCE((master ->> 'enabled')::boolean, false) THEN
    RETURN NULL;
  END IF;
  -- The master list (alarm event ids) and each endpoint's list (catalogue event ids) narrow what is pushed.
  INSERT INTO push_deliveries (industry_id, alarm_id, kind)
  SELECT p.id, n.id, 'alarm'
  FROM new_rows n
  JOIN plug_industries p ON p.push_switch = 1 AND p.protocol = 'http'
  WHERE n.deleted_at IS NULL
    AND (COALESCE(jsonb_array_length(master -> 'eventIds'), 0) = 0
      OR n.event_type IN (SELECT jsonb_array_elements_text(master -> 'eventIds')::integer))
    AND (jsonb_array_length(p.event_ids) = 0
      OR n.event_type IN (SELECT ce.event_id FROM catalogue_events ce
                          WHERE ce.id IN (SELECT jsonb_array_elements_text(p.event_ids)::integer)))
  ORDER BY n.id, p.id;
  RETURN NULL;
END $$;

CREATE TRIGGER alarms_push_outbox AFTER INSERT ON alarms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION push_outbox_enqueue();
