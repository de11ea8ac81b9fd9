/** Bank accounts (spec §3 'Bank card', 'Bank info lists', 'Bank bind payload'; §7 bank calls). */
import * as v from 'valibot';
import { id, list, text } from './common';
import type { Endpoint } from './endpoint';

/** The id is what is applied with; the number and the IFSC are shown (a number sent as a number is read as its digits). */
export const BankCard = v.looseObject({ id, cardNo: text, bankCode: text });
export type BankCard = v.InferOutput<typeof BankCard>;
/** GET /bank/v1/find-user-bank-card (and the list by productId). */
export const BankCardList = list(BankCard);
/** Where a backend may put a bank's IFSC code beyond the spec's id and bankName, in the order read. */
const BANK_CODE_FIELDS = ['bankCode', 'ifscPrefix', 'code', 'ifscCode', 'ifsc'] as const;

/**
 * The bank's 4-letter IFSC code from the first of those fields that holds one: the code itself
 * ('SBIN') or an IFSC of the bank ('SBIN0001234'), any case, spaces around forgiven. Anything else is
 * ignored, never an error: the code only helps the finder's search.
 */
function bankCodeOf(item: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of BANK_CODE_FIELDS) {
    const raw = item[field];
    if (typeof raw !== 'string') continue;
    const value = raw.trim().toUpperCase();
    if (/^[A-Z]{4}$/.test(value) || IFSC_PATTERN.test(value)) return value.slice(0, 4);
  }
  return undefined;
}

const BankNameFields = v.looseObject({ id, bankName: text });
type BankNameFields = v.InferOutput<typeof BankNameFields>;
/** GET /bank-info/v1/get-bank-info: id and bankName (spec §3), and `code` when the backend sends one. */
export const BankName = v.pipe(
  BankNameFields,
  v.transform((bank: BankNameFields): BankNameFields & { code?: string } => {
    // A backend's own `code` field is replaced by what was read: a string of 4 capitals, or nothing.
    const { code: _sent, ...rest } = bank;
    const code = bankCodeOf(bank);
    return code === undefined ? rest : { ...rest, code };
  }),
);
export type BankName = v.InferOutput<typeof BankName>;
export const BankNameList = list(BankName);
/** A state or city of the IFSC finder. */
export const NamedPlace = v.looseObject({ id, name: text });
export type NamedPlace = v.InferOutput<typeof NamedPlace>;
export const NamedPlaceList = list(NamedPlace);
/** The IFSC is what the finder is for: required. */
export const Branch = v.looseObject({ id, name: text, ifsc: v.string('ifsc must be a text') });
export type Branch = v.InferOutput<typeof Branch>;
export const BranchList = list(Branch);
/** GET /bank-info/v1/get-state-list?pId= (the bank's id) */
export const BankStatesQuery = v.looseObject({ pId: id });
/** GET /bank-info/v1/get-city-list?stateId= */
export const BankCitiesQuery = v.looseObject({ stateId: id });
/** GET /bank-info/v1/get-branch-list?cityId= */
export const BankBranchesQuery = v.looseObject({ cityId: id });

/** IFSC: four letters, a zero, six letters or digits. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const BankBindPayload = v.object({
  bankCode: v.pipe(v.string(), v.regex(IFSC_PATTERN, 'bankCode must be an IFSC')),
  cardNo: v.pipe(v.string(), v.regex(/^\d{1,19}$/, 'cardNo must be digits, fewer than 20')),
  confirmCardNo: v.string(),
  productId: v.optional(id),
  clientId: v.optional(v.string()),
});
export type BankBindPayload = v.InferOutput<typeof BankBindPayload>;

/** POST /bank/v1/bind-card: the new account, as the list shows it. */
export const BindCardResult = BankCard;
export type BindCardResult = v.InferOutput<typeof BindCardResult>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// The bank calls (spec §7): the borrower's cards, the IFSC finder's lists, and binding an account.

const bankCards = { method: 'GET', path: '/bank/v1/find-user-bank-card', answer: BankCardList, token: true, beyondSpec: false } as const satisfies Endpoint;

const banks = { method: 'GET', path: '/bank-info/v1/get-bank-info', answer: BankNameList, token: true, beyondSpec: false } as const satisfies Endpoint;

/** ?pId= (the bank's id) */
const bankStates = { method: 'GET', path: '/bank-info/v1/get-state-list', query: BankStatesQuery, answer: NamedPlaceList, token: true, beyondSpec: false } as const satisfies Endpoint;

const bankCities = { method: 'GET', path: '/bank-info/v1/get-city-list', query: BankCitiesQuery, answer: NamedPlaceList, token: true, beyondSpec: false } as const satisfies Endpoint;

const bankBranches = { method: 'GET', path: '/bank-info/v1/get-branch-list', query: BankBranchesQuery, answer: BranchList, token: true, beyondSpec: false } as const satisfies Endpoint;

const bindCard = { method: 'POST', path: '/bank/v1/bind-card', body: BankBindPayload, answer: BindCardResult, token: true, beyondSpec: false, intent: true } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const bankCalls = { bankCards, banks, bankStates, bankCities, bankBranches, bindCard } as const;
