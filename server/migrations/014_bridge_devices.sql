-- Native shell devices (POST /user/v1/user-login, /tripartite/v1/user-login; server/README.md 'Native
-- shell logins'). A device signs in as the borrower it is bound to. QA binds a device to a borrower's
-- phone on /sandbox/shell (POST /sandbox/api/devices); a device never seen before gets a new borrower.
-- What the device last sent is kept for QA to see. Times come from the sandbox clock.

CREATE TABLE bridge_devices (
  device_id      text PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL,
  last_login_at  timestamptz,
  last_signed    boolean,
  last_info      jsonb
);
CREATE INDEX bridge_devices_user_idx ON bridge_devices (user_id);
