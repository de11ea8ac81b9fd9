-- Key Fact Statements as the lender issues them (domain/kfs.ts; docs/borrower-rights.md): each has a
-- number, what it states, when it was issued and until when it is valid, and when the borrower
-- acknowledged it. One is issued for an application before APPLY NOW, for an order before Get Money
-- (when the application's has expired), for a scheduled application when it is scheduled, and as an
-- amendment for an extension before its fee is paid. No order is disbursed without one acknowledged
-- within its validity.
CREATE SEQUENCE kfs_numbers;

CREATE TABLE kfs_statements (
  id serial PRIMARY KEY,
  kfs_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('application', 'order', 'schedule', 'extension')),
  product_id integer,
  order_id integer REFERENCES orders(id),
  schedule_id integer,
  extension_id integer,
  -- What it states, as the borrower saw it (amounts in rupees, dates as IST days); the lender's record.
  facts jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  acknowledged_at timestamptz,
  CHECK (acknowledged_at IS NULL OR acknowledged_at <= valid_until)
);
CREATE INDEX kfs_statements_order ON kfs_statements (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX kfs_statements_user ON kfs_statements (user_id, issued_at);
