-- Signed-in devices (server/README.md 'Sessions and signed-in devices'): each sign-in is a session the
-- borrower sees in Account and can end from any of their devices. A session keeps what tells it apart
-- for a person (how it signed in, the browser's User-Agent, the shell's device) and when it was last
-- used. Ending one sets revoked_at: its token is refused from then on, and a second revoke finds it
-- and answers as the first. Rows go once expired. Times come from the sandbox clock, never now().

ALTER TABLE sessions ADD COLUMN public_id text;
-- Sessions from before this migration get an id too: random, never derived from the token or its hash.
UPDATE sessions SET public_id = replace(gen_random_uuid()::text, '-', '') WHERE public_id IS NULL;
ALTER TABLE sessions ALTER COLUMN public_id SET NOT NULL;
CREATE UNIQUE INDEX sessions_public_id_idx ON sessions (public_id);

-- 'code' (phone and SMS code), 'app' (the signed native shell), 'partner' (the unsigned shell); '' unknown.
ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
-- The native shell's device ("Apple iPhone15,2"), '' for a browser.
ALTER TABLE sessions ADD COLUMN device_model text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
UPDATE sessions SET last_used_at = created_at WHERE last_used_at IS NULL;
ALTER TABLE sessions ALTER COLUMN last_used_at SET NOT NULL;
ALTER TABLE sessions ADD COLUMN revoked_at timestamptz;
