-- Analytics events from POST /burying-point/v2/burying-point (spec §7).

CREATE TABLE analytics_events (
  id           serial PRIMARY KEY,
  user_id      integer REFERENCES users (id) ON DELETE SET NULL, -- when a valid token came with it
  project_name text NOT NULL,
  page_name    text NOT NULL,
  behavior     text NOT NULL,
  value        jsonb,
  event_time   text NOT NULL,                    -- as sent (epoch ms or a date string)
  payload      jsonb NOT NULL,                   -- the whole event, extra fields included
  received_at  timestamptz NOT NULL
);
CREATE INDEX analytics_events_time_idx ON analytics_events (received_at DESC);
