-- What a camera's edge box runs and reports (issue 35, docs/edge-runtime.md). The heartbeat answer reads the first
-- five: how the box pulls an rtsp:// stream, and what it records (continuous segments; the seconds before and after
-- an alarm in its clip). The last two keep the box's latest report of the camera's stream (EdgeStreamReport, as
-- the contract validated it) and when the platform received it: a later report replaces it.
ALTER TABLE devices ADD COLUMN stream_transport varchar(4) NOT NULL DEFAULT 'auto' CHECK (stream_transport IN ('auto', 'tcp', 'udp'));
ALTER TABLE devices ADD COLUMN record_continuous boolean NOT NULL DEFAULT false;
ALTER TABLE devices ADD COLUMN record_segment_seconds smallint NOT NULL DEFAULT 60 CHECK (record_segment_seconds BETWEEN 10 AND 300);
ALTER TABLE devices ADD COLUMN record_pre_seconds smallint NOT NULL DEFAULT 3 CHECK (record_pre_seconds BETWEEN 0 AND 10);
ALTER TABLE devices ADD COLUMN record_post_seconds smallint NOT NULL DEFAULT 5 CHECK (record_post_seconds BETWEEN 0 AND 30);
ALTER TABLE devices ADD COLUMN stream_report jsonb;
ALTER TABLE devices ADD COLUMN stream_reported_at timestamptz;
