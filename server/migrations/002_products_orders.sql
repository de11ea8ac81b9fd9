-- Loan products and borrowers' orders.

CREATE TABLE products (
  id                   integer PRIMARY KEY,      -- fixed ids: they appear in app URLs (/product/1)
  slug                 text NOT NULL UNIQUE,
  name                 text NOT NULL,
  logo                 text NOT NULL,            -- URL, relative to the app origin
  brand_color          text NOT NULL,
  product_type         integer NOT NULL DEFAULT 1, -- 0 external partner (opens h5_href), 1 in-app
  h5_href              text NOT NULL DEFAULT '',
  amount_list          integer[] NOT NULL,       -- rupees, ascending
  period               integer NOT NULL,         -- days
  period_list          integer[] NOT NULL,
  rate                 double precision NOT NULL, -- interest per day, as a fraction (0.001 = 0.1%/day)
  service_rate         double precision NOT NULL, -- processing fee, as a fraction of the amount
  loan_processing_time text NOT NULL,
  score                double precision NOT NULL,
  slogan               text NOT NULL,
  eligibility          text[] NOT NULL,
  requirements         text[] NOT NULL,
  sort                 integer NOT NULL
);

CREATE SEQUENCE order_no_seq;

-- Order states (spec §4): 1 Auditing, 2 Pass, 3 Denied, 4 Lending, 5 Failed, 6 Loaned, 7 Settled,
-- 8 Overdued, 11 Extension. Amounts in whole rupees.
CREATE TABLE orders (
  id               serial PRIMARY KEY,
  order_no         text NOT NULL UNIQUE,         -- 'BW' + yyyymmdd (IST) + 6-digit sequence
  user_id          integer NOT NULL REFERENCES users (id),
  product_id       integer NOT NULL REFERENCES products (id),
  state            integer NOT NULL,
  loan_amount      integer NOT NULL,
  period           integer NOT NULL,
  service_fee      integer NOT NULL,
  gst_fee          integer NOT NULL,
  interest         integer NOT NULL,
  arrive_amount    integer NOT NULL,
  repayment_amount integer NOT NULL,
  apply_time       timestamptz NOT NULL,
  loan_date        timestamptz,
  repayment_date   timestamptz,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  seed_key         text UNIQUE                   -- set on orders created by the persona seed
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
