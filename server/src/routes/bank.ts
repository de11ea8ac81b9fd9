/**
 * Bank accounts and the IFSC finder (endpoint table: bankCards, banks, bankStates, bankCities,
 * bankBranches, bindCard) over the sandbox's dataset (reference/ifsc.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmptyBody } from '../../../contract/common';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { Queryable } from '../db';
import { maskAccountNumber } from '../domain/accounts';
import type { AppEnv } from '../env';
import { ApiError, describeIssues, readJson } from '../envelope';
import { answerOnce } from '../idempotency';
import { findBank, findBankCity, findBankState, findBranchByIfsc, ifscDataset } from '../reference/ifsc';
import { serve } from './serve';

export { maskAccountNumber };

/** A borrower may keep this many accounts (beyond the spec: a bound on what one session can store). */
export const MAX_BANK_CARDS = 10;

export const BANK_MESSAGES = {
  // The spec's (§5 'Bank add'), verbatim.
  ifscRequired: 'Please input Ifsc Code',
  accountRequired: 'Please input Bank Account',
  confirmRequired: 'Please input Confirm Account',
  confirmMismatch: 'Please Confirm Account',
  // The sandbox's own.
  ifscMalformed: 'An IFSC code has 11 characters: 4 letters, then 0, then 6 letters or digits (e.g. SBIN0001234).',
  ifscUnknown: 'This IFSC code was not found. Please check it or use Find your IFSC.',
  accountDigits: 'The bank account number must be digits only, fewer than 20.',
  duplicate: 'This bank account is already added.',
  tooMany: `You can add at most ${MAX_BANK_CARDS} bank accounts.`,
  bankNotFound: 'This bank was not found. Please choose your bank again.',
  stateNotFound: 'This state was not found. Please choose your state again.',
  cityNotFound: 'This city was not found. Please choose your city again.',
} as const;


interface CardRow {
  id: number;
  card_no: string;
  bank_code: string;
}

const asCard = (row: CardRow) => ({ id: row.id, cardNo: maskAccountNumber(row.card_no), bankCode: row.bank_code });

/** The borrower's accounts, newest first, numbers masked (the shape of BankCardList). */
export async function listBankCards(db: Queryable, userId: number) {
  const rows = await db.query<CardRow>('SELECT id, card_no, bank_code FROM bank_cards WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [
    userId,
  ]);
  return rows.rows.map(asCard);
}

/** A field the borrower left out or empty. */
const blank = (x: unknown) => x === undefined || x === null || x === '';

export function bankRoutes() {
  const r = new Hono<AppEnv>();

  serve(r, ENDPOINTS.bankCards, async (c) => listBankCards(c.var.deps.db, c.var.user.id));

  // bankCode (beyond the spec): the 4-letter IFSC code, which the app's search also finds a bank by.
  serve(r, ENDPOINTS.banks, () => ifscDataset().banks.map((b) => ({ id: b.id, bankName: b.bankName, bankCode: b.code })));

  serve(r, ENDPOINTS.bankStates, { invalid: BANK_MESSAGES.bankNotFound }, (_c, { pId }) => {
    const bank = findBank(pId);
    if (!bank) throw new ApiError(BANK_MESSAGES.bankNotFound);
    return bank.states.map((s) => ({ id: s.id, name: s.name }));
  });

  serve(r, ENDPOINTS.bankCities, { invalid: BANK_MESSAGES.stateNotFound }, (_c, { stateId }) => {
    const state = findBankState(stateId);
    if (!state) throw new ApiError(BANK_MESSAGES.stateNotFound);
    return state.cities.map((city) => ({ id: city.id, name: city.name }));
  });

  serve(r, ENDPOINTS.bankBranches, { invalid: BANK_MESSAGES.cityNotFound }, (_c, { cityId }) => {
    const city = findBankCity(cityId);
    if (!city) throw new ApiError(BANK_MESSAGES.cityNotFound);
    return city.branches.map((b) => ({ id: b.id, name: b.name, ifsc: b.ifsc }));
  });

  // The spec's messages come first, in the order of the form's fields: the handler reads the body.
  // The account and the Idempotency-Key's answer are written in one transaction (answerOnce).
  serve(r, ENDPOINTS.bindCard, { read: false, key: 'inTransaction' }, async (c) => {
    const body = await readJson(c, EmptyBody);
    // IFSCs are written in capitals; a borrower's lower case or stray spaces are forgiven.
    if (typeof body.bankCode === 'string') body.bankCode = body.bankCode.trim().toUpperCase();
    // The spec's messages first, in the order of the form's fields; then the contract's schema.
    if (blank(body.bankCode)) throw new ApiError(BANK_MESSAGES.ifscRequired);
    if (blank(body.cardNo)) throw new ApiError(BANK_MESSAGES.accountRequired);
    if (blank(body.confirmCardNo)) throw new ApiError(BANK_MESSAGES.confirmRequired);
    const parsed = v.safeParse(ENDPOINTS.bindCard.body, body);
    if (!parsed.success) {
      const field = v.getDotPath(parsed.issues[0]);
      if (field === 'bankCode') throw new ApiError(BANK_MESSAGES.ifscMalformed);
      if (field === 'cardNo') throw new ApiError(BANK_MESSAGES.accountDigits);
      if (field === 'confirmCardNo') throw new ApiError(BANK_MESSAGES.confirmMismatch);
      throw new ApiError(describeIssues(parsed.issues));
    }
    const { bankCode, cardNo, confirmCardNo } = parsed.output;
    if (confirmCardNo !== cardNo) throw new ApiError(BANK_MESSAGES.confirmMismatch);
    if (!findBranchByIfsc(bankCode)) throw new ApiError(BANK_MESSAGES.ifscUnknown);

    const { clock } = c.var.deps;
    const userId = c.var.user.id;
    return answerOnce(c, ENDPOINTS.bindCard.answer, async (tx) => {
      // One bind at a time per borrower, so the count below holds until the insert.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const held = await tx.query<{ n: number; same: number }>(
        'SELECT count(*)::int AS n, count(*) FILTER (WHERE card_no = $2)::int AS same FROM bank_cards WHERE user_id = $1',
        [userId, cardNo],
      );
      const { n = 0, same = 0 } = held.rows[0] ?? {};
      if (same > 0) throw new ApiError(BANK_MESSAGES.duplicate);
      if (n >= MAX_BANK_CARDS) throw new ApiError(BANK_MESSAGES.tooMany);
      const inserted = await tx.query<CardRow>(
        `INSERT INTO bank_cards (user_id, card_no, bank_code, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, card_no) DO NOTHING RETURNING id, card_no, bank_code`,
        [userId, cardNo, bankCode, clock.now().toISOString()],
      );
      const row = inserted.rows[0];
      if (!row) throw new ApiError(BANK_MESSAGES.duplicate);
      return asCard(row);
    });
  });

  return r;
}
