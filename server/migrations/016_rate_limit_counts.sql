-- The abuse limits' counts (server/src/limits.ts), in the database so that every server process on
-- it counts the same units and a restart forgets nothing. One row per limit and key (a client
-- address, 'all', a borrower). Times come from the sandbox clock, never now().

CREATE TABLE rate_limit_counts (
  limit_name text NOT NULL,
  limit_key  text NOT NULL,
  day_start  timestamptz,                            -- day limits: the IST day counted (its start)
  n          integer NOT NULL DEFAULT 0,             -- day limits: units taken that day
  times      double precision[] NOT NULL DEFAULT '{}', -- minute limits: when each unit of the last 60 s was taken (ms since 1970)
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (limit_name, limit_key)
);
CREATE INDEX rate_limit_counts_updated_idx ON rate_limit_counts (updated_at);
