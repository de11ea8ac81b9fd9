/** Bank accounts (spec §3 'Bank card', 'Bank info lists', 'Bank bind payload'; §7 bank calls). */
import * as v from 'valibot';
import { id, list, text } from './common';

/** The id is what is applied with; the number and the IFSC are shown (a number sent as a number is read as its digits). */
export const BankCard = v.looseObject({ id, cardNo: text, bankCode: text });
export type BankCard = v.InferOutput<typeof BankCard>;
/** GET /bank/v1/find-user-bank-card (and the list by productId). */
export const BankCardList = list(BankCard);
/** GET /bank-info/v1/get-bank-info */
export const BankName = v.looseObject({ id, bankName: text });
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
