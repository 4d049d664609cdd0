-- Licensing (/applyAuthorization, /activationManage): authorization applications (created, granted by an
-- administrator, arranged onto edge boxes), licence applications, and activation codes signed with this
-- installation's Ed25519 key.

-- Granting is an administrator's button inside the application screen; an existing site gives it to the roles
-- that manage roles (its administrators), as 008 did for deleting alarms.
INSERT INTO modules (parent_id, module_name, module_name_en, module_icon, module_number, module_description, module_type, sort, visible)
SELECT id, '批准授权', 'Grant authorizations', NULL, 'authorizationGrant', NULL, 'button', 10, true
FROM modules WHERE module_number = 'applyAuthorization'
ON CONFLICT (module_number) DO NOTHING;

INSERT INTO role_modules (role_id, module_id)
SELECT held.role_id, button.id
FROM role_modules held
JOIN modules admin ON admin.id = held.module_id AND admin.module_number = 'roleConfig'
JOIN modules button ON button.module_number = 'authorizationGrant'
ON CONFLICT DO NOTHING;

CREATE TABLE authorizations (
  id serial PRIMARY KEY,
  apply_no varchar(32) NOT NULL UNIQUE,
  event_ids jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  granted_quantity integer CHECK (granted_quantity BETWEEN 0 AND 10000),
  -- 0 applied, 1 granted, 2 arranged, 3 rejected (4 expired is read from valid_to, never stored).
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  company_name varchar(128) NOT NULL,
  contact_name varchar(32) NOT NULL,
  phone varchar(18) NOT NULL,
  remark varchar(500) NOT NULL DEFAULT '',
  grant_remark varchar(500) NOT NULL DEFAULT '',
  valid_to timestamptz,
  user_name varchar(32) NOT NULL,
  grant_user varchar(32),
  granted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX authorizations_created ON authorizations (created_at DESC, id DESC);

CREATE TABLE authorization_arrangements (
  authorization_id integer NOT NULL REFERENCES authorizations (id) ON DELETE CASCADE,
  box_id integer NOT NULL REFERENCES edge_boxes (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
  -- The heartbeat command that carries the arrangement to the box: delivered = done.
  command_id integer REFERENCES edge_box_commands (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (authorization_id, box_id)
);

CREATE TABLE lic_applies (
  id serial PRIMARY KEY,
  company_name varchar(128) NOT NULL,
  contact_name varchar(32) NOT NULL,
  phone varchar(18) NOT NULL,
  email varchar(128) NOT NULL DEFAULT '',
  machine_code varchar(500) NOT NULL,
  channel_count integer NOT NULL CHECK (channel_count BETWEEN 1 AND 100000),
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 3650),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  licence_code text,
  remark varchar(500) NOT NULL DEFAULT '',
  user_name varchar(32) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX lic_applies_pending_machine ON lic_applies (machine_code) WHERE status = 0;

-- This installation's identity and signing key pair, made once on first use. The private key never leaves this
-- table: no answer, log or export reads it.
CREATE TABLE installation_keys (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  installation_id varchar(64) NOT NULL,
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE activation_codes (
  id serial PRIMARY KEY,
  -- The claims' nonce: what ties a verified code to its row.
  nonce varchar(32) NOT NULL UNIQUE,
  code text NOT NULL,
  -- 0 unused, 1 activated (2 expired is read from activate_before / expires_at, never stored).
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 3650),
  channel_count integer NOT NULL CHECK (channel_count BETWEEN 1 AND 1024),
  event_ids jsonb NOT NULL DEFAULT '[]',
  activate_before timestamptz NOT NULL,
  device_serial varchar(128),
  activated_at timestamptz,
  expires_at timestamptz,
  remark varchar(500) NOT NULL DEFAULT '',
  user_name varchar(32) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activation_codes_created ON activation_codes (created_at DESC, id DESC);
