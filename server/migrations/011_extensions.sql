-- Extension of an order's due date (issue 11; server/README.md 'Extension (issue 11)'). A borrower
-- with a loaned (6) or overdue (8) order may ask to move its due date to 7 days after the request:
-- extension-calc quotes it, apply-extension puts the order into Extension (11) with 24 hours (sandbox
-- clock) to pay the fee on the gateway; paid, the due date moves; unpaid or abandoned, the order goes
-- back to its previous state with its fees as before.

-- The extension service fee, as a fraction of the loan amount (0.1 = 10%), per product.
ALTER TABLE products ADD COLUMN extension_rate double precision NOT NULL DEFAULT 0.1 CHECK (extension_rate >= 0);

CREATE TABLE extensions (
  id               serial PRIMARY KEY,
  order_id         integer NOT NULL REFERENCES orders (id),
  user_id          integer NOT NULL REFERENCES users (id),
  -- quoted (extension-calc), applied (order in 11, fee being paid), paid (due date moved),
  -- failed (the window ended unpaid), abandoned (giveup-extension)
  state            text NOT NULL DEFAULT 'quoted' CHECK (state IN ('quoted', 'applied', 'paid', 'failed', 'abandoned')),
  rate             double precision NOT NULL,        -- the product's extension rate, when quoted / applied
  -- Fixed when applied (whole rupees); null while quoted (a quote is priced afresh at each read).
  service_fee      integer,                          -- round(loan amount × rate)
  overdue_fee      integer,                          -- the penal charge at the request
  interest         integer,                          -- round(loan amount × daily rate × 7)
  repaid_counted   integer,                          -- min(orders.paid_amount, gross fee) at the request: counted first
  fee_paid         integer NOT NULL DEFAULT 0 CHECK (fee_paid >= 0), -- extension fee payments booked
  previous_state   integer,                          -- 6 or 8: where the order goes back when the extension fails
  requested_at     timestamptz,                      -- apply-extension (the extension request)
  window_ends_at   timestamptz,                      -- requested_at + 24 h: the fee must be paid by then
  new_due_at       timestamptz,                      -- requested_at + 7 days: the due date once paid
  closed_at        timestamptz,                      -- paid, failed (the instant the window ended) or abandoned
  return_origin    text,                             -- the app's origin (the apply request's Origin)
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
-- One open extension (a quote, or one applied) per order; one paid extension per order, ever.
CREATE UNIQUE INDEX extensions_one_open ON extensions (order_id) WHERE state IN ('quoted', 'applied');
CREATE UNIQUE INDEX extensions_one_paid ON extensions (order_id) WHERE state = 'paid';
CREATE INDEX extensions_order_idx ON extensions (order_id, id DESC);

-- What the engine needs to fail an unpaid extension on its own (engine.ts nextTransition, state 11).
ALTER TABLE orders ADD COLUMN extension_id integer REFERENCES extensions (id); -- the latest extension applied
ALTER TABLE orders ADD COLUMN extension_ends_at timestamptz;                   -- its window's end
ALTER TABLE orders ADD COLUMN extension_previous_state integer;                -- 6 or 8

-- A payment is a repayment (booked on orders.paid_amount) or an extension fee (booked on its extension).
ALTER TABLE payments ADD COLUMN purpose text NOT NULL DEFAULT 'repay' CHECK (purpose IN ('repay', 'extension'));
ALTER TABLE payments ADD COLUMN extension_id integer REFERENCES extensions (id);
ALTER TABLE payments ADD CONSTRAINT payments_extension_purpose CHECK ((purpose = 'extension') = (extension_id IS NOT NULL));
