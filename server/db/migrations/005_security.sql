-- Sign-in failures counted per name as typed, for existing and unknown accounts alike (so the lockout does not tell
-- which names exist), and the encrypted credentials taken out of camera stream URLs.

CREATE TABLE login_attempts (
  name varchar(64) PRIMARY KEY,
  -- Guesses counted in the current window (each is counted before its password is checked).
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_updated_at ON login_attempts (updated_at);

-- "user:password" of an rtsp://user:password@host/… URL, AES-256-GCM like the stream password; the URL column
-- keeps the address without them.
ALTER TABLE devices ADD COLUMN rtsp_secret_enc text;
ALTER TABLE camera_entries ADD COLUMN rtsp_secret_enc text;
