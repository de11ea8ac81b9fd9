/** Sign-in (spec §3 'Client session'; §7 GET /sms/v1/sendCode, POST /user/v1/login). */
import * as v from 'valibot';
import { Ignored } from './envelope';
import type { Endpoint } from './endpoint';

/** The phone as the backend wants it: 91 followed by the 10 digits. */
export const toE164Digits = (phone10: string) => `91${phone10}`;
const e164 = v.pipe(v.string(), v.regex(/^91\d{10}$/, 'phone must be 91 followed by 10 digits'));

/** GET /sms/v1/sendCode?phone=91{phone} */
export const SendCodeQuery = v.looseObject({ phone: e164 });
export type SendCodeQuery = v.InferOutput<typeof SendCodeQuery>;

export const LoginPayload = v.object({
  phone: e164,
  code: v.pipe(v.string(), v.regex(/^\d{4}$/, 'code must be 4 digits')),
});
export type LoginPayload = v.InferOutput<typeof LoginPayload>;

/** The token is what signing in is for: required. isRegister (its shape not given, unused by the app) may be anything. */
export const LoginResponse = v.looseObject({
  token: v.pipe(v.string('token must be a text'), v.minLength(1, 'token is required')),
  isRegister: v.optional(v.unknown()),
});
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

// ---------- The calls (the endpoint table, contract/endpoints/index.ts) ----------
// Signing in by phone and code (spec §7).

/** Sends the sign-in code by SMS (?phone=91…). */
const sendCode = { method: 'GET', path: '/sms/v1/sendCode', query: SendCodeQuery, answer: Ignored, token: false, beyondSpec: false } as const satisfies Endpoint;

/** Signs in with the phone and the code: the token, and whether the borrower is new. */
const login = { method: 'POST', path: '/user/v1/login', body: LoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const authCalls = { sendCode, login } as const;
