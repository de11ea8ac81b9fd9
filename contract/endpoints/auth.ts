/** Signing in by phone and code (spec §7). */
import { LoginPayload, LoginResponse, SendCodeQuery } from '../auth';
import { Ignored } from '../envelope';
import type { Endpoint } from '../endpoint';

/** Sends the sign-in code by SMS (?phone=91…). */
export const sendCode = { method: 'GET', path: '/sms/v1/sendCode', query: SendCodeQuery, answer: Ignored, token: false, beyondSpec: false } as const satisfies Endpoint;

/** Signs in with the phone and the code: the token, and whether the borrower is new. */
export const login = { method: 'POST', path: '/user/v1/login', body: LoginPayload, answer: LoginResponse, token: false, beyondSpec: false } as const satisfies Endpoint;

/** The domain's calls, by name (the table's index joins them). */
export const authCalls = { sendCode, login } as const;
