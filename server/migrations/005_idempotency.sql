-- Idempotency keys (server/README.md 'Idempotency'): per borrower, the key of a POST, the hash of the
-- request it came with and, once answered with success, that answer, replayed for 24 h of the
-- sandbox clock. Times come from the server's clock, never now().

CREATE TABLE idempotency_keys (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idem_key     text NOT NULL,
  request_hash text NOT NULL,                    -- sha256 of method, path and body
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  status       integer,                          -- null while the first request is in progress
  body         text,                             -- the envelope answered, exactly as sent
  PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (user_id, expires_at);
