-- Loan applications (POST /order/v1/apply) and denials (server/README.md 'Loans').

-- The bank account the borrower chose for the money (bank_cards comes with migration 007), and the
-- auto-get-money choice (1: disburse as soon as approved; 0: wait for Get money). Seeded orders have none.
ALTER TABLE orders ADD COLUMN card_id integer REFERENCES bank_cards (id);
ALTER TABLE orders ADD COLUMN auto_get_money integer NOT NULL DEFAULT 0 CHECK (auto_get_money IN (0, 1));

-- When an order was denied (state 3): the borrower may apply again 15 days later (sandbox clock).
ALTER TABLE orders ADD COLUMN denied_at timestamptz;
CREATE INDEX orders_denied_idx ON orders (user_id, denied_at) WHERE state = 3;

-- At most one open order per borrower and product (states 1 Auditing, 2 Pass, 4 Lending, 6 Loaned,
-- 8 Overdued, 11 Extension: domain/orders.ts OPEN_STATES). Apply checks first, under a row lock on the
-- borrower; this index is what makes a double booking impossible whatever the path.
CREATE UNIQUE INDEX orders_one_open_per_product ON orders (user_id, product_id) WHERE state IN (1, 2, 4, 6, 8, 11);
