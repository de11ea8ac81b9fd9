-- Borrowers, sessions and one-time sign-in codes; the sandbox's SMS outbox and clock.
-- Times are written by the server from its own clock (server/src/clock.ts), never from now(),
-- so QA can move time.

CREATE TABLE users (
  id          serial PRIMARY KEY,
  phone       text NOT NULL UNIQUE,              -- '91' followed by the 10 digits
  name        text,
  user_status integer NOT NULL DEFAULT 1 CHECK (user_status IN (1, 2)), -- home layout: 1 single-product, 2 multi-product
  persona     text UNIQUE,                       -- key of a seeded sandbox persona; null for everyone else
  created_at  timestamptz NOT NULL
);

-- A session token is 32 random bytes; only its sha256 is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- At most one live sign-in code per phone: a new send replaces it, a successful sign-in deletes it.
CREATE TABLE otp_codes (
  phone           text PRIMARY KEY,
  code_hash       text NOT NULL,                 -- sha256 of phone:code
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0
);

-- Every SMS the sandbox "sends" (it sends none). Also the send log for the cooldown and daily cap.
CREATE TABLE sms_outbox (
  id         serial PRIMARY KEY,
  phone      text NOT NULL,
  purpose    text NOT NULL DEFAULT 'login',
  text       text NOT NULL,
  code       text,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_outbox_phone_time_idx ON sms_outbox (phone, created_at DESC);
CREATE INDEX sms_outbox_time_idx ON sms_outbox (created_at DESC);

-- The sandbox clock: server time = real time + offset_ms.
CREATE TABLE sandbox_clock (
  id        integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  offset_ms bigint NOT NULL DEFAULT 0
);
INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, 0) ON CONFLICT DO NOTHING;
