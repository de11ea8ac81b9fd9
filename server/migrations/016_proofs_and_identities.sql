-- Who may sign in, and one person per borrower (server/README.md 'Native shell logins', 'One person,
-- one borrower'). Times come from the sandbox clock, never now().

-- How a device was bound to its borrower: 'signed' (a signed shell login, proof from the lender's app),
-- 'unsigned' (a partner shell's login made the borrower), 'qa' (the sandbox shell's control). Only an
-- 'unsigned' device may sign in unsigned again, and only while its borrower holds nothing. Devices
-- bound before this migration count as signed.
ALTER TABLE bridge_devices ADD COLUMN bound_by text NOT NULL DEFAULT 'signed' CHECK (bound_by IN ('signed', 'unsigned', 'qa'));

-- The nonces of signed shell logins, kept until their signature's time window has passed: a nonce
-- is used once, so a captured login cannot be sent again.
CREATE TABLE bridge_nonces (
  nonce       text PRIMARY KEY,
  device_id   text NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX bridge_nonces_expiry_idx ON bridge_nonces (expires_at);

-- The last sign-in with a phone code: such a borrower is never reached by an unsigned shell login.
ALTER TABLE users ADD COLUMN phone_signed_in_at timestamptz;

-- The verified Aadhaar and PAN of each borrower, as keyed hashes (server/src/identity.ts): one of
-- each per borrower, and a number verified by one borrower cannot be verified by another.
CREATE TABLE verified_identities (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('aadhaar', 'pan')),
  number_hash  text NOT NULL,
  verified_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);
CREATE UNIQUE INDEX verified_identities_one_borrower ON verified_identities (kind, number_hash);
