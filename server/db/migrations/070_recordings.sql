-- Real recordings: a box uploads a short clip around each alarm (POST /ingest/recording); the file is kept under
-- <dataDir>/files/recordings/, linked to its alarm, with the detection box's track over the clip for the console.
ALTER TABLE video_records ADD COLUMN box_id integer;
ALTER TABLE video_records ADD COLUMN alarm_id integer REFERENCES alarms (id) ON DELETE SET NULL;
ALTER TABLE video_records ADD COLUMN file_path varchar(256);
-- [{t: seconds from the clip's start, x, y, w, h}] in the pixels of the clip (width × height below).
ALTER TABLE video_records ADD COLUMN track jsonb NOT NULL DEFAULT '[]';
ALTER TABLE video_records ADD COLUMN width integer;
ALTER TABLE video_records ADD COLUMN height integer;
-- One recording per alarm: a box that repeats the upload gets the first one back.
CREATE UNIQUE INDEX video_records_alarm ON video_records (alarm_id) WHERE alarm_id IS NOT NULL;
