-- Borrowers' complaints to the lender (domain/complaints.ts; docs/borrower-rights.md 'Complaints and
-- escalation'): a numbered ticket with its category, the order it is about, the borrower's words
-- (the feedback rule: 1 to 300 characters), when it was raised and when a reply is due, the lender's
-- replies, and when it was resolved. Times come from the sandbox clock, never now().
CREATE SEQUENCE complaint_numbers;

CREATE TABLE complaints (
  id           serial PRIMARY KEY,
  ticket_no    text NOT NULL UNIQUE,
  user_id      integer NOT NULL REFERENCES users (id),
  category     text NOT NULL CHECK (category IN ('loan', 'repayment', 'charges', 'recovery', 'privacy', 'app', 'other')),
  order_id     integer REFERENCES orders (id),
  content      text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 300),
  raised_at    timestamptz NOT NULL,
  reply_due_at timestamptz NOT NULL,
  resolved_at  timestamptz
);
CREATE INDEX complaints_user ON complaints (user_id, raised_at DESC, id DESC);

CREATE TABLE complaint_replies (
  id           serial PRIMARY KEY,
  complaint_id integer NOT NULL REFERENCES complaints (id),
  text         text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  created_at   timestamptz NOT NULL
);
CREATE INDEX complaint_replies_complaint ON complaint_replies (complaint_id, created_at, id);
