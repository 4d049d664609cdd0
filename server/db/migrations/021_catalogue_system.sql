-- System catalogues: time models (named schedules), image tags, tags, camera groups and the unit tree.

CREATE TABLE time_models (
  id serial PRIMARY KEY,
  name varchar(32) NOT NULL UNIQUE,
  -- 1 Monday … 7 Sunday, no repeats; windows {startTime, endTime} "HH:mm:ss", not overlapping.
  weeks jsonb NOT NULL,
  times jsonb NOT NULL,
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A detection task may run on a time model's schedule; a model in use is not deleted.
ALTER TABLE detection_tasks ADD COLUMN time_model_id integer REFERENCES time_models (id) ON DELETE RESTRICT;

CREATE TABLE img_tags (
  id serial PRIMARY KEY,
  tag_name varchar(32) NOT NULL UNIQUE,
  color char(7) NOT NULL DEFAULT '#1677FF' CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  description varchar(128) NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Alarm images carrying an image tag (deleting the tag removes it from them).
CREATE TABLE alarm_img_tags (
  tag_id integer NOT NULL REFERENCES img_tags (id) ON DELETE CASCADE,
  alarm_id bigint NOT NULL,
  PRIMARY KEY (tag_id, alarm_id)
);

CREATE TABLE tags (
  id serial PRIMARY KEY,
  tag_name varchar(32) NOT NULL,
  tag_type varchar(8) NOT NULL CHECK (tag_type IN ('camera', 'event', 'alarm')),
  color char(7) NOT NULL DEFAULT '#1677FF' CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  remark varchar(500) NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tag_type, tag_name)
);
-- What carries a tag: a camera, catalogue event or alarm id by the tag's type.
CREATE TABLE tag_links (
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  target_id bigint NOT NULL,
  PRIMARY KEY (tag_id, target_id)
);

CREATE TABLE camera_groups (
  id serial PRIMARY KEY,
  group_name varchar(32) NOT NULL,
  parent_id integer REFERENCES camera_groups (id) ON DELETE RESTRICT,
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Sibling names are unique (roots included: coalesce makes them siblings of each other).
CREATE UNIQUE INDEX camera_groups_sibling_name ON camera_groups (COALESCE(parent_id, 0), group_name);
CREATE TABLE camera_group_members (
  group_id integer NOT NULL REFERENCES camera_groups (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, device_id)
);

CREATE TABLE units (
  id serial PRIMARY KEY,
  unit_name varchar(32) NOT NULL,
  unit_code varchar(32) NOT NULL DEFAULT '',
  parent_id integer REFERENCES units (id) ON DELETE RESTRICT,
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX units_sibling_name ON units (COALESCE(parent_id, 0), unit_name);
CREATE UNIQUE INDEX units_code ON units (unit_code) WHERE unit_code <> '';
-- The unit a camera belongs to; a unit with cameras is not deleted.
ALTER TABLE devices ADD COLUMN unit_id integer REFERENCES units (id) ON DELETE RESTRICT;
