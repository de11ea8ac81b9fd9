-- Scheduled applications (POST /order/v1/order-auto-apply; server/README.md 'Scheduled applications').
-- A schedule waits in state 0 until its product opens for the borrower, then becomes a normal
-- application (state 2, order_id the order it made); the borrower may cancel it while it waits (3).
-- Times come from the sandbox clock, never now().

CREATE TABLE scheduled_orders (
  id                    serial PRIMARY KEY,
  user_id               integer NOT NULL REFERENCES users (id),
  product_id            integer NOT NULL REFERENCES products (id),
  -- The account chosen for the money. Should it go (no call removes one today), the schedule keeps
  -- waiting (the sweep needs a bound account) and says so on the QA console.
  card_id               integer REFERENCES bank_cards (id) ON DELETE SET NULL,
  expect_borrow_amount  integer NOT NULL CHECK (expect_borrow_amount > 0),
  state                 integer NOT NULL DEFAULT 0 CHECK (state IN (0, 2, 3)), -- 0 scheduled, 2 applied, 3 canceled
  order_id              integer REFERENCES orders (id),                          -- the application it made (state 2)
  created_at            timestamptz NOT NULL,
  applied_at            timestamptz,
  canceled_at           timestamptz,
  CHECK ((state = 2) = (order_id IS NOT NULL AND applied_at IS NOT NULL)),
  CHECK ((state = 3) = (canceled_at IS NOT NULL))
);

-- At most one waiting schedule per borrower and product: what makes a second one impossible whatever
-- the path (two creates at once).
CREATE UNIQUE INDEX scheduled_orders_one_per_product ON scheduled_orders (user_id, product_id) WHERE state = 0;
CREATE INDEX scheduled_orders_user_idx ON scheduled_orders (user_id, created_at DESC, id DESC);
