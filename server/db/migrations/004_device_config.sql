-- Device configuration: the event catalogue the configurations name, per-camera event-area configurations, alarm
-- outputs, stream relays, the camera catalogue (control units and camera points), detection tasks, planned tasks
-- with their run history, and what edge boxes run (assignments, governance tasks, platform settings, commands,
-- work-clothes library).

-- Event catalogue: (event_id, type_id, app_name) is the key an event-area configuration uses (spec §3).
CREATE TABLE catalogue_event_types (
  id serial PRIMARY KEY,
  type_name varchar(32) NOT NULL,
  parent_id integer REFERENCES catalogue_event_types (id),
  sort integer NOT NULL DEFAULT 0,
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE catalogue_events (
  id serial PRIMARY KEY,
  event_id integer NOT NULL,
  event_name varchar(32) NOT NULL,
  event_type varchar(16) NOT NULL CHECK (event_type IN ('violation', 'road', 'custom')),
  app_name varchar(128) NOT NULL DEFAULT '',
  type_id integer NOT NULL REFERENCES catalogue_event_types (id),
  enabled boolean NOT NULL DEFAULT true,
  version varchar(32) NOT NULL DEFAULT '1.0.0',
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, type_id, app_name)
);
CREATE INDEX catalogue_events_event ON catalogue_events (event_id);

-- Reference data: the road events of spec §3 (ids 1001–1024) and the general algorithm events whose recognition
-- prompts spec §9 presets (15, 45, 53, 102), plus intrusion and boundary (the area and line events of §5).
INSERT INTO catalogue_event_types (id, type_name, sort, remark) VALUES
  (1, '道路事件', 10, '道路事件检测（spec §3 road event ids 1001–1024）'),
  (2, '通用算法', 20, '区域入侵、越界与开放词汇识别等通用算法事件');
SELECT setval(pg_get_serial_sequence('catalogue_event_types', 'id'), 2);

INSERT INTO catalogue_events (event_id, event_name, event_type, app_name, type_id) VALUES
  (1001, '车流量统计', 'road', 'argus-traffic', 1), (1002, '区域事件', 'road', 'argus-traffic', 1),
  (1003, '路面坑洼', 'road', 'argus-traffic', 1), (1004, '路面积水', 'road', 'argus-traffic', 1),
  (1005, '道路施工', 'road', 'argus-traffic', 1), (1006, '抛洒物', 'road', 'argus-traffic', 1),
  (1007, '标志牌', 'road', 'argus-traffic', 1), (1008, '团雾', 'road', 'argus-traffic', 1),
  (1009, '火灾', 'road', 'argus-traffic', 1), (1010, '路面结冰', 'road', 'argus-traffic', 1),
  (1011, '路障', 'road', 'argus-traffic', 1), (1012, '道路事件', 'road', 'argus-traffic', 1),
  (1013, '车车事故', 'road', 'argus-traffic', 1), (1014, '车人事故', 'road', 'argus-traffic', 1),
  (1015, '车非事故', 'road', 'argus-traffic', 1), (1016, '故障车', 'road', 'argus-traffic', 1),
  (1017, '信号灯熄灭', 'road', 'argus-traffic', 1), (1018, '其他事件', 'road', 'argus-traffic', 1),
  (1019, '缓行', 'road', 'argus-traffic', 1), (1020, '拥堵', 'road', 'argus-traffic', 1),
  (1021, '流量超限', 'road', 'argus-traffic', 1), (1022, '车道占有率高', 'road', 'argus-traffic', 1),
  (1023, '排队溢出', 'road', 'argus-traffic', 1), (1024, '交通事件', 'road', 'argus-traffic', 1),
  (51, '区域入侵', 'custom', 'argus-general', 2), (52, '越界检测', 'custom', 'argus-general', 2),
  (15, '烟火检测', 'custom', 'argus-general', 2), (45, '玩手机检测', 'custom', 'argus-general', 2),
  (53, '垃圾暴露', 'custom', 'argus-general', 2), (54, '未穿工作服', 'custom', 'argus-general', 2),
  (102, '纸箱堆放', 'custom', 'argus-general', 2);

-- Scenes: the events and violation types a scene offers. A scene's status is derived from its devices.
CREATE TABLE scene_events (
  scene_id integer NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  event_id integer NOT NULL,
  PRIMARY KEY (scene_id, event_id)
);
CREATE TABLE scene_violations (
  scene_id integer NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  violation_id smallint NOT NULL CHECK (violation_id BETWEEN 1 AND 50),
  PRIMARY KEY (scene_id, violation_id)
);

-- Devices: where frames come from, the last snapshot, offline video files, when the analysis started.
ALTER TABLE devices
  -- A simulated source: the server renders its frames (the demo site's cameras).
  ADD COLUMN simulated boolean NOT NULL DEFAULT false,
  ADD COLUMN online boolean,
  ADD COLUMN source_fps real,
  -- Paths relative to <dataDir>/files.
  ADD COLUMN snapshot_path varchar(256),
  ADD COLUMN snapshot_at timestamptz,
  ADD COLUMN video_path varchar(256),
  ADD COLUMN duration real,
  ADD COLUMN file_size bigint,
  ADD COLUMN started_at timestamptz;
CREATE UNIQUE INDEX devices_serialnumber ON devices (serialnumber) WHERE serialnumber IS NOT NULL AND serialnumber <> '';
CREATE INDEX devices_start_state ON devices (start_state);

-- Event-area configuration of one event on one camera (spec §3), keyed by camera + eventId + typeId + appName.
-- config holds the saved form (relative shapes, defaults applied); the engine's pixel fields are derived on read.
CREATE TABLE device_event_configs (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  event_id integer NOT NULL,
  type_id integer NOT NULL,
  app_name varchar(64) NOT NULL,
  event_name varchar(128),
  -- 0 saved (not running), 1 running, 2 disabled.
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  config jsonb NOT NULL,
  secondary_param varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (device_id, event_id, type_id, app_name)
);

CREATE TABLE device_outputs (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  name varchar(32) NOT NULL,
  output_type varchar(8) NOT NULL CHECK (output_type IN ('http', 'mqtt', 'kafka')),
  target varchar(500) NOT NULL,
  topic varchar(128),
  event_ids jsonb NOT NULL DEFAULT '[]',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (device_id, output_type, target)
);

-- A requested play relay of a device's stream; it lapses 5 minutes after it was last requested.
CREATE TABLE device_relays (
  device_id integer PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  relay_key varchar(32) NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);

-- Camera catalogue: control units (a tree) owning camera points; a point may link one analysed device.
CREATE TABLE ctrl_units (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  code varchar(64) NOT NULL UNIQUE,
  parent_id integer REFERENCES ctrl_units (id),
  address varchar(128),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ctrl_units_parent ON ctrl_units (parent_id);

CREATE TABLE camera_entries (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  code varchar(64) NOT NULL UNIQUE,
  ctrl_unit_id integer REFERENCES ctrl_units (id),
  device_id integer UNIQUE REFERENCES devices (id) ON DELETE SET NULL,
  ip varchar(64),
  port integer,
  rtsp_url varchar(500),
  brand varchar(32),
  longitude double precision,
  latitude double precision,
  address varchar(128),
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX camera_entries_unit ON camera_entries (ctrl_unit_id);

-- Detection task of a camera (spec §3 "Detection task configuration"): at most one per camera.
CREATE TABLE detection_tasks (
  id serial PRIMARY KEY,
  device_id integer NOT NULL UNIQUE REFERENCES devices (id) ON DELETE CASCADE,
  name varchar(128) NOT NULL,
  config jsonb NOT NULL,
  start_state smallint NOT NULL DEFAULT 2 CHECK (start_state IN (1, 2)),
  run_state smallint NOT NULL DEFAULT 0 CHECK (run_state BETWEEN 0 AND 3),
  run_message varchar(256),
  started_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX detection_tasks_created ON detection_tasks (created_at DESC, id DESC);

-- Planned tasks: start or stop cameras at execute_time on weekdays, or once on once_date (YYYY-MM-DD).
CREATE TABLE task_plans (
  id serial PRIMARY KEY,
  name varchar(32) NOT NULL UNIQUE,
  action varchar(8) NOT NULL CHECK (action IN ('start', 'stop')),
  execute_time varchar(8) NOT NULL,
  weeks jsonb NOT NULL DEFAULT '[]',
  once_date varchar(10),
  enabled boolean NOT NULL DEFAULT true,
  remark varchar(500),
  next_run_at timestamptz,
  last_run_at timestamptz,
  last_result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX task_plans_due ON task_plans (next_run_at) WHERE enabled AND next_run_at IS NOT NULL;

CREATE TABLE task_plan_cameras (
  plan_id integer NOT NULL REFERENCES task_plans (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  PRIMARY KEY (plan_id, device_id)
);

CREATE TABLE task_plan_runs (
  id serial PRIMARY KEY,
  plan_id integer NOT NULL REFERENCES task_plans (id) ON DELETE CASCADE,
  trigger_kind varchar(8) NOT NULL CHECK (trigger_kind IN ('schedule', 'manual')),
  scheduled_for timestamptz,
  run_at timestamptz NOT NULL,
  status varchar(8) NOT NULL CHECK (status IN ('success', 'partial', 'failed')),
  ok_count integer NOT NULL,
  fail_count integer NOT NULL,
  message varchar(500)
);
CREATE INDEX task_plan_runs_plan ON task_plan_runs (plan_id, id DESC);

-- Edge boxes: what they last reported, and when their assignment last changed and was last delivered.
ALTER TABLE edge_boxes
  ADD COLUMN sdc_apps jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN sdc_topics jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN task_updated_at timestamptz,
  ADD COLUMN task_delivered_at timestamptz;
CREATE UNIQUE INDEX edge_boxes_name ON edge_boxes (name);

CREATE TABLE edge_box_platform_configs (
  box_id integer PRIMARY KEY REFERENCES edge_boxes (id) ON DELETE CASCADE,
  platform_host varchar(128) NOT NULL,
  platform_port integer NOT NULL,
  protocol varchar(8) NOT NULL DEFAULT 'https',
  heartbeat_seconds integer NOT NULL DEFAULT 30,
  upload_image boolean NOT NULL DEFAULT true,
  upload_video boolean NOT NULL DEFAULT false,
  time_sync_server varchar(128),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Commands queued for a box (restart, configuration changes), handed over with its next heartbeat answer.
CREATE TABLE edge_box_commands (
  id serial PRIMARY KEY,
  box_id integer NOT NULL REFERENCES edge_boxes (id) ON DELETE CASCADE,
  command varchar(24) NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX edge_box_commands_pending ON edge_box_commands (box_id, id) WHERE delivered_at IS NULL;

CREATE TABLE edge_box_assignments (
  box_id integer NOT NULL REFERENCES edge_boxes (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  event_ids jsonb NOT NULL DEFAULT '[]',
  -- As last reported by the box: 0 not running, 1 running, 3 abnormal.
  run_state smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (box_id, device_id)
);

CREATE TABLE governance_tasks (
  id serial PRIMARY KEY,
  box_id integer NOT NULL REFERENCES edge_boxes (id) ON DELETE CASCADE,
  name varchar(32) NOT NULL,
  camera_ids jsonb NOT NULL,
  event_ids jsonb NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  -- pending / running / finished follow from the times; cancelled is recorded.
  cancelled_at timestamptz,
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX governance_tasks_box ON governance_tasks (box_id, start_time);

CREATE TABLE work_clothes (
  id serial PRIMARY KEY,
  -- null: shared by all boxes.
  box_id integer REFERENCES edge_boxes (id) ON DELETE CASCADE,
  name varchar(32) NOT NULL,
  image_path varchar(256) NOT NULL,
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX work_clothes_library_name ON work_clothes (COALESCE(box_id, 0), name);
