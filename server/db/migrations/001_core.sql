-- Core of the platform: organisation, access, configuration, licence and the operation log.
CREATE TABLE depts (
  id serial PRIMARY KEY,
  parent_id integer NOT NULL DEFAULT 0,
  dept_name varchar(32) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  leader varchar(32),
  phone varchar(18),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX depts_parent_name ON depts (parent_id, dept_name);

CREATE TABLE modules (
  id serial PRIMARY KEY,
  parent_id integer NOT NULL DEFAULT 0,
  module_name varchar(32) NOT NULL,
  module_name_en varchar(64) NOT NULL,
  module_icon varchar(64),
  module_number varchar(64) NOT NULL UNIQUE,
  module_description varchar(500),
  module_type varchar(8) NOT NULL DEFAULT 'menu' CHECK (module_type IN ('menu', 'button')),
  sort integer NOT NULL DEFAULT 0,
  visible boolean NOT NULL DEFAULT true
);
CREATE INDEX modules_parent ON modules (parent_id, sort);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  role_name varchar(32) NOT NULL UNIQUE,
  remark varchar(128),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_modules (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, module_id)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username varchar(32) NOT NULL UNIQUE,
  real_name varchar(32) NOT NULL,
  password_hash text NOT NULL,
  dept_id integer NOT NULL REFERENCES depts (id),
  role_id integer NOT NULL REFERENCES roles (id),
  phone varchar(18),
  id_card varchar(18),
  email varchar(128),
  avatar varchar(500),
  status smallint NOT NULL DEFAULT 1,
  remark varchar(500),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash char(64) NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  login_code varchar(16) NOT NULL,
  ip varchar(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE third_login_codes (
  code_hash char(64) PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE system_config (
  key varchar(64) PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per-user display preferences (/CityConfig: noMoreShow, alarmAudio, alarmDialogPosition).
CREATE TABLE city_config (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key varchar(64) NOT NULL,
  value varchar(500) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Site-wide settings: the authorisation server address and the like.
CREATE TABLE site_settings (
  key varchar(64) PRIMARY KEY,
  value varchar(500) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE licence (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  company varchar(128) NOT NULL,
  machine_code varchar(128) NOT NULL,
  expire_at timestamptz NOT NULL,
  max_cameras integer NOT NULL,
  modules text NOT NULL DEFAULT ''
);

CREATE TABLE company_applications (
  id serial PRIMARY KEY,
  company_name varchar(128) NOT NULL,
  contact varchar(32) NOT NULL,
  phone varchar(18) NOT NULL,
  email varchar(128),
  purpose varchar(500),
  machine_code varchar(128),
  ip varchar(64),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operation_logs (
  id bigserial PRIMARY KEY,
  user_id integer,
  username varchar(32),
  operation_id varchar(64) NOT NULL,
  summary varchar(128) NOT NULL,
  method varchar(8) NOT NULL,
  path varchar(256) NOT NULL,
  params text,
  code integer NOT NULL,
  msg varchar(256),
  ip varchar(64),
  duration_ms integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_logs_created ON operation_logs (created_at DESC, id DESC);
CREATE INDEX operation_logs_user ON operation_logs (username, created_at DESC);
