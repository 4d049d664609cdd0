-- Video validation jobs (/testVerify): frames sampled from a video by ffmpeg, each scored by a trained model.
-- The row carries the progress and the scored frames, so any server instance answers the poll.
CREATE TABLE video_validations (
  id serial PRIMARY KEY,
  model_id integer NOT NULL,
  user_id integer NOT NULL,
  state varchar(8) NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0,
  frame_count integer NOT NULL DEFAULT 0,
  threshold double precision NOT NULL,
  error varchar(500),
  -- [{index, second, score, triggered, url}]
  frames jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_validations_user_state ON video_validations (user_id, state);
-- One running validation per user, decided by the database (a second start answers 429).
CREATE UNIQUE INDEX video_validations_one_running ON video_validations (user_id) WHERE state = 'running';
