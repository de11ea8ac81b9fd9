-- The lender's documents of an order (domain/documents.ts; docs/borrower-rights.md 'Documents'): the
-- KFS as acknowledged and the sanction letter, issued when the contract is executed (the disbursal),
-- and the no-dues certificate, issued when the order settles. Each is numbered and dated, states what
-- it says as issued (facts), and is issued once per order and kind (the unique index), however the
-- order got there. Receipts are the payments' own (021).
CREATE SEQUENCE document_numbers;

CREATE TABLE documents (
  id serial PRIMARY KEY,
  doc_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  order_id integer NOT NULL REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('kfs', 'sanctionLetter', 'noDues')),
  facts jsonb NOT NULL,
  issued_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX documents_once ON documents (order_id, kind);
CREATE INDEX documents_user ON documents (user_id, issued_at);
