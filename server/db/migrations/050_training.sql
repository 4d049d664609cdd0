-- Few-shot training (issue 10): the positive/negative samples of a warehouse algorithm (a published setup event),
-- the feature vectors cached by image hash, the training jobs (a durable queue claimed with FOR UPDATE SKIP
-- LOCKED) and the model versions each training makes, with their cross-validated report.

CREATE TABLE train_samples (
  id serial PRIMARY KEY,
  algorithm_id integer NOT NULL REFERENCES setup_events (id) ON DELETE CASCADE,
  file_name varchar(255) NOT NULL,
  -- Relative to <dataDir>/files (training/<algorithm id>/…).
  file_path varchar(256) NOT NULL,
  -- A 160-pixel JPEG for the classifying grid, beside the image.
  thumb_path varchar(256) NOT NULL,
  sha256 char(64) NOT NULL,
  -- Perceptual difference hash (64 bits, hex): near duplicates for the health check.
  dhash char(16) NOT NULL,
  size integer NOT NULL CHECK (size >= 16384),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  label varchar(16) NOT NULL DEFAULT 'unclassified' CHECK (label IN ('positive', 'negative', 'unclassified')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX train_samples_algorithm ON train_samples (algorithm_id, created_at DESC, id DESC);
CREATE INDEX train_samples_sha256 ON train_samples (sha256);

-- Feature vectors by image content and extractor (name and weight hash): a retrain embeds only new images.
CREATE TABLE image_embeddings (
  sha256 char(64) NOT NULL,
  extractor varchar(128) NOT NULL,
  -- float32 little-endian.
  vector bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sha256, extractor)
);

CREATE TABLE train_jobs (
  id serial PRIMARY KEY,
  algorithm_id integer NOT NULL REFERENCES setup_events (id) ON DELETE CASCADE,
  -- 0 queued, 1 running, 2 finished, 3 failed or cancelled (message says which).
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  epochs smallint NOT NULL CHECK (epochs BETWEEN 1 AND 500),
  epoch smallint NOT NULL DEFAULT 0,
  loss real,
  accuracy real,
  positive_count integer NOT NULL,
  negative_count integer NOT NULL,
  remark varchar(500) NOT NULL DEFAULT '',
  message varchar(500) NOT NULL DEFAULT '',
  cancel_requested boolean NOT NULL DEFAULT false,
  -- The server instance running it and when it last reported: a stale heartbeat means that instance died.
  claimed_by varchar(64),
  heartbeat_at timestamptz,
  attempts smallint NOT NULL DEFAULT 0,
  user_name varchar(32) NOT NULL,
  model_id integer REFERENCES models (id) ON DELETE SET NULL,
  version varchar(32),
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
-- At most one queued or running training per algorithm (the database refuses a second, whatever races).
CREATE UNIQUE INDEX train_jobs_one_active ON train_jobs (algorithm_id) WHERE state IN (0, 1);
CREATE INDEX train_jobs_queue ON train_jobs (state, id);

CREATE TABLE train_versions (
  id serial PRIMARY KEY,
  algorithm_id integer NOT NULL REFERENCES setup_events (id) ON DELETE CASCADE,
  job_id integer NOT NULL UNIQUE REFERENCES train_jobs (id) ON DELETE CASCADE,
  version varchar(32) NOT NULL,
  model_id integer REFERENCES models (id) ON DELETE SET NULL,
  -- The classifier (standardisation, weights, bias), its threshold and the extractor it reads.
  classifier jsonb NOT NULL,
  threshold real NOT NULL CHECK (threshold BETWEEN 0 AND 1),
  extractor varchar(128) NOT NULL,
  extractor_hash char(64) NOT NULL,
  -- The samples it was trained on (dataset snapshot: ids and labels).
  samples jsonb NOT NULL,
  report jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (algorithm_id, version)
);
