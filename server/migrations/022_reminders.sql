-- Payment reminders (server/README.md 'Reminders'): the SMS the lender sends about an order's due date
-- and, once overdue, its penal charge, on the sandbox clock. Each is one row here and its message in
-- sms_outbox. The figures are the engine's at the instant it was sent (domain/engine.ts amountDue).

CREATE TABLE reminders (
  id            serial PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders (id),
  user_id       integer NOT NULL REFERENCES users (id),
  -- 3 days before the due date, 1 day before, on the due date, or on one of the first overdue days
  kind          text NOT NULL CHECK (kind IN ('before-3', 'before-1', 'due', 'overdue')),
  sent_day      text NOT NULL,                    -- the IST calendar day it was sent on, 'YYYY-MM-DD'
  due_date      text NOT NULL,                    -- the due date it is about (IST), 'YYYY-MM-DD'
  overdue_days  integer NOT NULL CHECK (overdue_days >= 0),
  amount_due    integer NOT NULL CHECK (amount_due >= 0),   -- repayment + penal charge − paid, whole rupees
  penal_per_day double precision NOT NULL,        -- rupees a day overdue (0.1% of the principal; may have paise)
  penal_total   integer NOT NULL CHECK (penal_total >= 0),  -- the penal charge so far, capped as the engine caps it
  penal_cap     integer NOT NULL,                 -- the most it can reach (20% of the principal)
  language      text NOT NULL CHECK (language IN ('en', 'hi')),
  sent_at       timestamptz NOT NULL
);
-- At most one reminder per order per IST day (so one per kind per day too): two sweeps at once, in
-- one process or several on one PostgreSQL, send it once.
CREATE UNIQUE INDEX reminders_one_a_day ON reminders (order_id, sent_day);
CREATE INDEX reminders_user_idx ON reminders (user_id, sent_at DESC);

-- The outbox message of a reminder (null for sign-in codes and Aadhaar OTPs).
ALTER TABLE sms_outbox ADD COLUMN reminder_id integer UNIQUE REFERENCES reminders (id);

-- The sweep's one query: orders still owed (loaned, overdue, in extension) by due date.
CREATE INDEX orders_reminder_due_idx ON orders (repayment_date) WHERE state IN (6, 8, 11);
