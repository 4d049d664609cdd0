-- The model catalogue: model types, model scenes (the algorithm mall's sections) and models (files with a version,
-- published to the mall or not). Algorithms published by orchestration are models too (setup_event_id), so the mall
-- and its download counts are one list.
CREATE TABLE model_types (
  id serial PRIMARY KEY,
  type_name varchar(32) NOT NULL UNIQUE,
  type_code varchar(32) NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  remark varchar(500) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE model_scenes (
  id serial PRIMARY KEY,
  scene_name varchar(32) NOT NULL UNIQUE,
  description varchar(500) NOT NULL DEFAULT '',
  cover_url varchar(500),
  sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
  -- Spec §4 scene filter: 1 started (shown in the mall), 0 not started.
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE models (
  id serial PRIMARY KEY,
  name varchar(128) NOT NULL,
  version varchar(32) NOT NULL,
  model_type_id integer NOT NULL REFERENCES model_types (id) ON DELETE RESTRICT,
  model_scene_id integer REFERENCES model_scenes (id) ON DELETE RESTRICT,
  file_name varchar(255) NOT NULL,
  -- Relative to <dataDir>/files.
  file_path varchar(256) NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  checksum char(64) NOT NULL,
  -- 0 unpublished, 1 published (in the mall, downloadable), 2 withdrawn.
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  downloads integer NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  description varchar(500) NOT NULL DEFAULT '',
  event_ids jsonb NOT NULL DEFAULT '[]',
  user_name varchar(32) NOT NULL,
  -- The orchestrated algorithm this version was published from (null: an uploaded model). No foreign key: the
  -- orchestration tables come with a later migration (030), and a published version stays in the mall when its
  -- draft is deleted.
  setup_event_id integer,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (name, version)
);
CREATE INDEX models_created ON models (created_at DESC, id DESC);
CREATE INDEX models_hot ON models (downloads DESC, id DESC) WHERE status = 1;
CREATE INDEX models_setup_event ON models (setup_event_id);

INSERT INTO model_types (type_name, type_code, sort, remark) VALUES
  ('目标检测', 'detection', 10, '输出目标框与类别'),
  ('图像分类', 'classification', 20, '整图判断'),
  ('图像分割', 'segmentation', 30, '像素级区域'),
  ('算法编排', 'orchestration', 40, '由算法编排发布的算法（识别提示词 + 检测模型）'),
  ('大模型', 'llm', 50, '多模态大模型复核');

-- Sample images uploaded with a model version (at most 3), shown in the mall; paths relative to <dataDir>/files.
CREATE TABLE model_samples (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  image_path varchar(256) NOT NULL,
  sort smallint NOT NULL DEFAULT 0
);
CREATE INDEX model_samples_model ON model_samples (model_id, sort);
