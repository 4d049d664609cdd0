-- The model call log (issue 12, large-model statistics): one row per call of a model by a contract operation, with
-- its latency and outcome. Simulated rows are the demo site's history.
CREATE TABLE model_calls (
  id bigserial PRIMARY KEY,
  model varchar(64) NOT NULL,
  operation varchar(64) NOT NULL,
  called_at timestamptz NOT NULL DEFAULT now(),
  latency_ms real NOT NULL CHECK (latency_ms >= 0),
  ok boolean NOT NULL,
  -- The answer's code when it failed (415 undecodable image, 429 busy, 500 model error …).
  error_code smallint,
  user_name varchar(64),
  simulated boolean NOT NULL DEFAULT false
);
CREATE INDEX model_calls_called ON model_calls (called_at);
