-- The privacy centre (server/README.md 'Privacy: consents and deletion requests'): one row per
-- borrower and purpose, the last time the consent was given and, when withdrawn since, when. Data
-- sent under a withdrawn consent is refused. Deletion requests move received → done | declined (QA
-- console), with why. Times come from the sandbox clock, never now().

CREATE TABLE privacy_consents (
  user_id integer NOT NULL REFERENCES users (id),
  purpose text NOT NULL CHECK (purpose IN ('identity', 'face', 'location', 'device')),
  given_at timestamptz,
  withdrawn_at timestamptz,
  PRIMARY KEY (user_id, purpose)
);

CREATE TABLE deletion_requests (
  id serial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id),
  state text NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'done', 'declined')),
  reason text NOT NULL DEFAULT '',
  requested_at timestamptz NOT NULL,
  decided_at timestamptz
);
-- One open request per borrower: asking again answers the one received.
CREATE UNIQUE INDEX deletion_requests_open_idx ON deletion_requests (user_id) WHERE state = 'received';
