-- Borrowers' bank accounts (spec §3 'Bank card'; server/README.md 'Bank accounts and the IFSC finder').
-- card_no is kept whole (the answers mask it); bank_code is an IFSC of the sandbox's dataset
-- (server/src/reference/ifsc.ts). One borrower cannot add the same account number twice; another
-- borrower may (a joint account). Times come from the server's clock, never now().

CREATE TABLE bank_cards (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id),
  card_no     text NOT NULL,          -- the account number, digits only, fewer than 20
  bank_code   text NOT NULL,          -- the IFSC
  created_at  timestamptz NOT NULL,
  UNIQUE (user_id, card_no),
  CHECK (card_no ~ '^[0-9]{1,19}$'),
  CHECK (bank_code ~ '^[A-Z]{4}0[A-Z0-9]{6}$')
);
CREATE INDEX bank_cards_user_idx ON bank_cards (user_id, created_at DESC, id DESC);
