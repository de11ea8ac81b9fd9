-- What happened to each payment, told truly (server/README.md 'Payments and receipts'): the borrower's
-- language for the lender's own messages, and a receipt for every payment the lender received.

-- The language of the borrower's last signed-in request that named one (Accept-Language), for SMS and
-- reminders the lender sends on its own (domain/language-preference.ts). Null: never seen; English.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'hi'));

-- The order payments were made in, also within one instant of the sandbox clock (ids are random).
ALTER TABLE payments ADD COLUMN seq bigserial;

-- Receipt numbers: one sequence for the lender, so no two receipts share a number.
CREATE SEQUENCE receipt_numbers;

-- Fixed when the payment is booked (domain/receipts.ts), never rewritten: what the payment paid off
-- (whole rupees, adding up to paid_amount), what was left to pay after it, the due date an extension
-- fee moved the loan to.
ALTER TABLE payments ADD COLUMN receipt_no text UNIQUE;
ALTER TABLE payments ADD COLUMN paid_principal integer CHECK (paid_principal >= 0);
ALTER TABLE payments ADD COLUMN paid_interest integer CHECK (paid_interest >= 0);
ALTER TABLE payments ADD COLUMN paid_fees integer CHECK (paid_fees >= 0);
ALTER TABLE payments ADD COLUMN paid_penal integer CHECK (paid_penal >= 0);
ALTER TABLE payments ADD COLUMN paid_excess integer CHECK (paid_excess >= 0);
ALTER TABLE payments ADD COLUMN due_after integer;
ALTER TABLE payments ADD COLUMN new_due_at timestamptz;

-- Payments received before receipts existed get their number now; what they paid off was not kept,
-- so their receipts are not itemised.
UPDATE payments SET receipt_no = 'RC' || to_char(booked_at + interval '5 hours 30 minutes', 'YYYYMMDD') || lpad(nextval('receipt_numbers')::text, 6, '0')
 WHERE status = 'success' AND receipt_no IS NULL;
