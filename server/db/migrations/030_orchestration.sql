-- Algorithm orchestration: setup events (custom algorithm drafts, spec §3), the versions each publish recorded
-- (the orchestration history), and the validations run on images with the object detector.

-- Event ids of published custom algorithms: 2001 upward, clear of violations (1–50), road events (1001–1024) and
-- the preset general events.
CREATE SEQUENCE setup_event_ids START 2001;

CREATE TABLE setup_events (
  id serial PRIMARY KEY,
  name varchar(32) NOT NULL UNIQUE,
  description varchar(500) NOT NULL DEFAULT '',
  -- JSON text, stored verbatim (spec: param); the keys the platform reads are checked before it is stored.
  param text NOT NULL DEFAULT '{}' CHECK (length(param) <= 65535),
  -- Spelled as the spec spells it. 0 draft (never published), 1 published, 2 changed since its last publish.
  sataus smallint NOT NULL DEFAULT 0 CHECK (sataus IN (0, 1, 2)),
  custom_event_type smallint NOT NULL CHECK (custom_event_type IN (1, 2, 3)),
  event_name varchar(32) NOT NULL DEFAULT '',
  event_id integer UNIQUE,
  version varchar(32) NOT NULL DEFAULT '1.0.0',
  remark varchar(500) NOT NULL DEFAULT '',
  info1 varchar(500) NOT NULL DEFAULT '',
  button_type varchar(16) NOT NULL DEFAULT 'validate' CHECK (button_type IN ('validate', 'train', 'orchestrate')),
  user_name varchar(32) NOT NULL,
  -- sha256 of the param last validated on an image; publish compares it with the current param's.
  validated_param_sha256 char(64),
  validated_at timestamptz,
  catalogue_event_id integer REFERENCES catalogue_events (id) ON DELETE SET NULL,
  published_version varchar(32),
  published_at timestamptz,
  downloads integer NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Published drafts have an event id and a version in the warehouse; drafts never published have neither.
  CHECK ((sataus = 0) = (published_version IS NULL)),
  CHECK ((sataus = 0) = (event_id IS NULL))
);
CREATE INDEX setup_events_updated ON setup_events (updated_at DESC, id DESC);

CREATE TABLE setup_event_versions (
  id serial PRIMARY KEY,
  setup_event_id integer NOT NULL REFERENCES setup_events (id) ON DELETE CASCADE,
  version varchar(32) NOT NULL,
  name varchar(32) NOT NULL,
  event_name varchar(32) NOT NULL,
  event_id integer NOT NULL,
  description varchar(500) NOT NULL,
  param text NOT NULL,
  custom_event_type smallint NOT NULL,
  type_id integer NOT NULL,
  app_name varchar(128) NOT NULL DEFAULT '',
  remark varchar(500) NOT NULL DEFAULT '',
  user_name varchar(32) NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (setup_event_id, version)
);
CREATE INDEX setup_event_versions_published ON setup_event_versions (published_at DESC, id DESC);

CREATE TABLE setup_event_validations (
  id serial PRIMARY KEY,
  setup_event_id integer NOT NULL REFERENCES setup_events (id) ON DELETE CASCADE,
  user_name varchar(32) NOT NULL,
  param_sha256 char(64) NOT NULL,
  -- The prompts and threshold used, and per image: size, boxes passing, whether it raised the event.
  prompts jsonb NOT NULL,
  box_threshold real NOT NULL CHECK (box_threshold BETWEEN 0 AND 1),
  images jsonb NOT NULL,
  image_count smallint NOT NULL CHECK (image_count BETWEEN 1 AND 10),
  triggered_count smallint NOT NULL,
  cost_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX setup_event_validations_created ON setup_event_validations (created_at DESC);
