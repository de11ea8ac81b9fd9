-- Repayments through the sandbox's payment gateway (server/README.md 'Payment gateway (test mode)').
-- Two sides, as with a real gateway: the lender's payment intents (`payments`, booked only from the
-- gateway's verified answer) and the gateway's own record of what the borrower did on its page
-- (`gateway_transactions`, at most one per intent).

-- A payment intent: POST /pay-order/v1/repay asks the gateway for one, for what the order owes then.
CREATE TABLE payments (
  id               text PRIMARY KEY,                 -- 'pay_' + 24 random base62 characters: the hosted page's address
  order_id         integer NOT NULL REFERENCES orders (id),
  user_id          integer NOT NULL REFERENCES users (id),
  amount           integer NOT NULL CHECK (amount > 0), -- requested: what was due at repay time, whole rupees
  status           text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'pending', 'success', 'failed')),
  paid_amount      integer NOT NULL DEFAULT 0 CHECK (paid_amount >= 0), -- booked on the order (success only)
  gateway_ref      text,                             -- the gateway's transaction, once the borrower paid
  return_origin    text,                             -- the app's origin (the repay request's Origin): return addresses may go there
  expires_at       timestamptz NOT NULL,             -- the hosted page refuses to take money after this
  booked_at        timestamptz,                      -- when a success was added to orders.paid_amount (once)
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX payments_order_idx ON payments (order_id, created_at DESC);
CREATE INDEX payments_open_idx ON payments (order_id) WHERE status IN ('created', 'pending');

-- The gateway's side: the borrower's attempt on the hosted page, and the last notification it sent
-- (re-signed and sent again by POST /sandbox/api/payments/{id}/replay).
CREATE TABLE gateway_transactions (
  ref              text PRIMARY KEY,                 -- 'gw_' + 24 random base62 characters
  payment_id       text NOT NULL UNIQUE REFERENCES payments (id), -- one attempt per intent: a double submit pays once
  vpa              text NOT NULL,                    -- the test UPI ID chosen: success@sandbox, failure@sandbox, …
  amount           integer NOT NULL CHECK (amount > 0),
  status           text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  resolves_at      timestamptz,                      -- pending only: when the bank answers (sandbox clock)
  resolves_to      text CHECK (resolves_to IN ('success', 'failed')),
  notified_at      timestamptz,                      -- the last notification sent to the lender
  notify_status    integer,                          -- the lender's HTTP status for it
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX gateway_pending_idx ON gateway_transactions (resolves_at) WHERE status = 'pending';

-- When an order was settled (state 7) by a payment covering what was due.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS settled_at timestamptz;
