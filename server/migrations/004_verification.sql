-- The verification journey (spec §2 'Verification router', KYC, Face, Basic/work info, Contacts):
-- each borrower's setup and step flags, their answers, uploaded images, Aadhaar OTPs and face checks.
-- Times come from the server's clock, never now().

-- One row per borrower who has a setup or has completed a step; no row = the defaults
-- (upload KYC, order identity, face, basic, work, contacts, no living-hold, nothing done).
CREATE TABLE verification_setups (
  user_id             integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  kyc_variant         text NOT NULL DEFAULT 'upload' CHECK (kyc_variant IN ('upload', 'otp')),
  step_order          text[] NOT NULL DEFAULT ARRAY['identity', 'face', 'basic', 'work', 'contacts']::text[],
  living_hold         boolean NOT NULL DEFAULT false,  -- living-check-config 'living-config' 1: a living-hold call follows the check
  basic               integer NOT NULL DEFAULT 0 CHECK (basic IN (0, 1)),
  work                integer NOT NULL DEFAULT 0 CHECK (work IN (0, 1)),
  kyc_aadhaar_and_pan integer NOT NULL DEFAULT 0 CHECK (kyc_aadhaar_and_pan IN (0, 1)),
  kyc_face_and_hold   integer NOT NULL DEFAULT 0 CHECK (kyc_face_and_hold IN (0, 1)),
  contact             integer NOT NULL DEFAULT 0 CHECK (contact IN (0, 1)),
  aadhaar_verified    text                            -- the Aadhaar number last verified by OTP
);

-- The last accepted answers of each step: 'basic', 'work', 'contacts', 'kyc'.
CREATE TABLE verification_answers (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  step       text NOT NULL,
  answers    jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, step)
);

-- Uploaded images. type: 1 Aadhaar front, 2 Aadhaar back, 3 PAN card, 4 face photo. A newer upload
-- of the same type replaces the older (one row per user and type). The id is random and unguessable,
-- and every read also checks the owner.
CREATE TABLE verification_uploads (
  id         text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type       integer NOT NULL CHECK (type BETWEEN 1 AND 4),
  mime       text NOT NULL,
  size       integer NOT NULL,
  bytes      bytea NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, type)
);

-- At most one Aadhaar OTP per borrower: a new send replaces it; a successful verify uses it up
-- (failed_attempts set to the maximum). created_at is also the last send, for the 60 s cooldown.
CREATE TABLE aadhaar_otps (
  user_id         integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  aadhaar         text NOT NULL,
  code_hash       text NOT NULL,                 -- sha256 of user:aadhaar:code
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0
);

-- Every living (face) check; GET /authen/h5/face-result reads the latest. status 1 success, 2 failure.
CREATE TABLE face_checks (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status     integer NOT NULL CHECK (status IN (1, 2)),
  file_id    text,
  created_at timestamptz NOT NULL
);
CREATE INDEX face_checks_user_idx ON face_checks (user_id, id DESC);
