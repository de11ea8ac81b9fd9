/** Bank accounts (spec §3 'Bank card', 'Bank info lists', 'Bank bind payload'; §7 bank calls). */
import * as v from 'valibot';
import { id, text } from './common';

export const BankCard = v.looseObject({ id, cardNo: v.string(), bankCode: text });
export type BankCard = v.InferOutput<typeof BankCard>;
export const BankName = v.looseObject({ id, bankName: v.string() });
export const NamedPlace = v.looseObject({ id, name: v.string() });
export const Branch = v.looseObject({ id, name: text, ifsc: v.string() });

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
