-- Algorithm running (/moveManage): which algorithm version (a published model) runs on which camera, and through
-- which edge box; spec §4 start state (1 started, 2 not started) and run state (0 not running, 1 running,
-- 2 finished, 3 abnormal). And each algorithm's parameters (/algorithmConfig), validated against its JSON Schema.
CREATE TABLE algorithm_runs (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES models (id) ON DELETE RESTRICT,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  start_state smallint NOT NULL DEFAULT 2 CHECK (start_state IN (1, 2)),
  run_state smallint NOT NULL DEFAULT 0 CHECK (run_state BETWEEN 0 AND 3),
  run_message varchar(256),
  user_name varchar(32) NOT NULL,
  started_at timestamptz,
  stopped_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_id, device_id)
);
CREATE INDEX algorithm_runs_created ON algorithm_runs (created_at DESC, id DESC);
CREATE INDEX algorithm_runs_device ON algorithm_runs (device_id);

CREATE TABLE algorithm_params (
  -- The algorithm (app) the parameters belong to: schemas/algorithm-params/<app_name>.schema.json.
  app_name varchar(128) PRIMARY KEY,
  params jsonb NOT NULL,
  user_name varchar(32) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
