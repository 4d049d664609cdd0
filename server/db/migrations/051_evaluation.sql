-- Validation and evaluation (issue 10): evaluation datasets of uploaded images (labelled positive/negative or not),
-- verification images kept without a dataset, and evaluation tasks of a trained model on a dataset.

CREATE TABLE eval_datasets (
  id serial PRIMARY KEY,
  name varchar(32) NOT NULL UNIQUE,
  source varchar(16) NOT NULL DEFAULT 'upload' CHECK (source IN ('upload', 'builtin')),
  user_name varchar(32) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX eval_datasets_created ON eval_datasets (created_at DESC, id DESC);

CREATE TABLE eval_images (
  id serial PRIMARY KEY,
  -- null: a verification image (kept 24 h, not in a dataset).
  dataset_id integer REFERENCES eval_datasets (id) ON DELETE CASCADE,
  file_name varchar(255) NOT NULL,
  -- Relative to <dataDir>/files.
  file_path varchar(256) NOT NULL,
  sha256 char(64) NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  label varchar(16) CHECK (label IN ('positive', 'negative')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX eval_images_dataset ON eval_images (dataset_id, id);
CREATE INDEX eval_images_verification ON eval_images (created_at) WHERE dataset_id IS NULL;

CREATE TABLE eval_tasks (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  event_id integer,
  dataset_id integer NOT NULL REFERENCES eval_datasets (id) ON DELETE CASCADE,
  eval_type smallint NOT NULL CHECK (eval_type IN (1, 2)),
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  message varchar(500) NOT NULL DEFAULT '',
  metrics jsonb,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  user_name varchar(32) NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- One evaluation of the same model on the same dataset at a time.
CREATE UNIQUE INDEX eval_tasks_one_active ON eval_tasks (model_id, dataset_id) WHERE state IN (0, 1);
