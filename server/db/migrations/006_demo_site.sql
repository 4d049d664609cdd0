-- A demo site that works for a newcomer (issue 8, items 14, 15, 17).
-- Every statement can run again on an upgraded site (tests/server/demoDefaults.test.ts replays it on edited data).

-- Simulated edge boxes (the demo site's, run inside the server and heartbeating through the box API) say so.
ALTER TABLE edge_boxes ADD COLUMN IF NOT EXISTS simulated boolean NOT NULL DEFAULT false;

-- A camera is started only with an event configured: the first demo seed left its cameras "running" with none,
-- which could then never be started again once stopped.
UPDATE devices SET start_state = 2, run_state = 0, run_message = NULL, started_at = NULL
 WHERE start_state = 1
   AND NOT EXISTS (SELECT 1 FROM device_event_configs c WHERE c.device_id = devices.id);

-- The shipped alarm sound is a generated WAV (public/audio/alarm.wav); the old default named a file never shipped.
UPDATE system_config SET value = '/audio/alarm.wav', updated_at = now()
 WHERE key = 'audioUrl' AND value = '/audio/alarm.mp3';

-- A site holding only simulated alarms (an existing demo site) counts them in its statistics by default.
INSERT INTO system_config (key, value)
SELECT 'statsIncludeSimulated', 'true'
 WHERE EXISTS (SELECT 1 FROM alarms WHERE simulated)
   AND NOT EXISTS (SELECT 1 FROM alarms WHERE NOT simulated)
ON CONFLICT (key) DO NOTHING;
