-- Ending a loan early (domain/closure.ts; docs/borrower-rights.md): a payment may close the loan at
-- its quote (the cooling-off exit or pre-closure), and the order keeps what the lender forwent when
-- it did (interest not yet earned), so its repayment amount stays the one the KFS stated.
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('repay', 'extension', 'closure'));
ALTER TABLE payments ADD COLUMN closure_kind text CHECK (closure_kind IN ('coolingOff', 'preClosure'));
ALTER TABLE payments ADD CONSTRAINT payments_closure_kind CHECK ((purpose = 'closure') = (closure_kind IS NOT NULL));
ALTER TABLE orders ADD COLUMN waived_amount integer NOT NULL DEFAULT 0;
