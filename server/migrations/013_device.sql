-- Device data (POST /device/v1/needUpload, POST /device/v1/upload/device_info; README 'Analytics and
-- device info'). Whether the sandbox wants a borrower's location is a QA setting (/sandbox/api/device),
-- off by default; the locations received are kept for QA to see. Times come from the sandbox clock.

CREATE TABLE device_settings (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  gps_wanted  boolean NOT NULL DEFAULT false
);

CREATE TABLE device_locations (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  latitude     double precision NOT NULL,
  longitude    double precision NOT NULL,
  address      text NOT NULL,
  received_at  timestamptz NOT NULL
);
CREATE INDEX device_locations_user_idx ON device_locations (user_id, received_at DESC);
