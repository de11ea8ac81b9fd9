/** Signing in by phone and code (contract/auth.ts). */
import { toE164Digits, type LoginResponse } from '../../contract/auth';
import { authCalls } from '../../contract/auth';
import { api, type CallOptions } from './client';

/** Sends the code to 91{phone}. */
export async function sendCode(phone10: string, { signal }: CallOptions = {}): Promise<void> {
  await api.call(authCalls.sendCode, { query: { phone: toE164Digits(phone10) }, signal });
}

export function login(input: { phone10: string; code: string }, { signal }: CallOptions = {}): Promise<LoginResponse> {
  return api.call(authCalls.login, { json: { phone: toE164Digits(input.phone10), code: input.code }, signal });
}
