-- The order engine (server/README.md 'Order engine'): when each step of an order happened, what has
-- been repaid, and which orders wait for QA. The engine applies every transition whose time has come
-- (on the sandbox clock) when an order is read, in one transaction; times are the instants the
-- transitions were due, not when they were noticed, so the outcome never depends on when it is read.

-- Repaid so far, whole rupees (booked by the payment gateway's verified callback, domain/payments.ts).
ALTER TABLE orders ADD COLUMN paid_amount integer NOT NULL DEFAULT 0 CHECK (paid_amount >= 0);
-- When the audit was decided (approved → 2, denied → 3, audit failed → 5).
ALTER TABLE orders ADD COLUMN decided_at timestamptz;
-- When the money started moving (Get money, or the approval itself with auto_get_money = 1): state 4.
ALTER TABLE orders ADD COLUMN lending_at timestamptz;
-- When the order failed (state 5): the audit could not be completed, or the disbursal failed.
ALTER TABLE orders ADD COLUMN failed_at timestamptz;
-- true: the audit is decided only from the QA console (the seeded personas' orders in review stay there).
ALTER TABLE orders ADD COLUMN audit_by_qa boolean NOT NULL DEFAULT false;
UPDATE orders SET audit_by_qa = true WHERE seed_key IS NOT NULL;

-- Orders with a transition still ahead (in review, lending, loaned), for the engine's sweeps.
CREATE INDEX orders_engine_idx ON orders (user_id) WHERE state IN (1, 4, 6);
