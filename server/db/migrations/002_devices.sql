-- Devices: scenes grouping cameras, edge boxes, and devices (cameras: normal, image, offline video).
CREATE TABLE scenes (
  id serial PRIMARY KEY,
  scene_name varchar(32) NOT NULL UNIQUE,
  status smallint NOT NULL DEFAULT 0,
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE edge_boxes (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL,
  serial_number varchar(64) NOT NULL UNIQUE,
  -- The box's ingest secret, stored as a SHA-256 hash; the secret itself is shown once when the box is added.
  secret_hash char(64) NOT NULL,
  ip varchar(64),
  model varchar(64),
  version varchar(32),
  last_heartbeat_at timestamptz,
  cpu_usage real,
  memory_usage real,
  disk_usage real,
  longitude double precision,
  latitude double precision,
  address varchar(128),
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  kind varchar(8) NOT NULL DEFAULT 'normal' CHECK (kind IN ('normal', 'image', 'offline')),
  serialnumber varchar(64),
  ip varchar(64),
  port integer,
  rtsp_url varchar(500),
  username varchar(64),
  password_enc varchar(256),
  brand varchar(32),
  box_id integer REFERENCES edge_boxes (id),
  scene_id integer REFERENCES scenes (id) ON DELETE SET NULL,
  start_state smallint NOT NULL DEFAULT 2,
  run_state smallint NOT NULL DEFAULT 0,
  run_message varchar(256),
  fps integer,
  width integer,
  height integer,
  longitude double precision,
  latitude double precision,
  address varchar(128),
  remark varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_box ON devices (box_id);
CREATE INDEX devices_scene ON devices (scene_id);
CREATE INDEX devices_kind_created ON devices (kind, created_at DESC);
