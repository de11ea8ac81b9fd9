/** Signing in by phone and code (spec §7). */
import { LoginPayload, LoginResponse, SendCodeQuery } from '../auth';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';

export const authCalls = {
  /** Sends the sign-in code by SMS (?phone=91…). */
  sendCode: { method: 'GET', path: '/sms/v1/sendCode', query: SendCodeQuery, answer: Ignored, token: false, beyondSpec: false },
  /** Signs in with the phone and the code: the token, and whether the borrower is new. */
  login: { method: 'POST', path: '/user/v1/login', body: LoginPayload, answer: LoginResponse, token: false, beyondSpec: false },
} as const satisfies Record<string, Endpoint>;
