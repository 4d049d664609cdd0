-- Statistics over a window (issue 12: the trend's type series, outlet and site statistics, the dashboards' types)
-- group the window's alarms by type, camera and scene. This index holds those columns beside the time, so
-- PostgreSQL answers them with an index-only scan instead of reading every alarm row of the window.
CREATE INDEX alarms_live_stats ON alarms (alarm_time) INCLUDE (event_type, camera_id, scene_id, status, simulated) WHERE deleted_at IS NULL;
