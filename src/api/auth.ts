import { api, type CallOptions } from './client';
import { Ignored } from '../../contract/envelope';
import { LoginResponse, toE164Digits } from '../../contract/auth';

/** GET /sms/v1/sendCode?phone=91{phone} */
export async function sendCode(phone10: string, { signal }: CallOptions = {}): Promise<void> {
  await api.get('sms/v1/sendCode', Ignored, { searchParams: { phone: toE164Digits(phone10) }, signal });
}

/** POST /user/v1/login {phone, code} */
export function login(input: { phone10: string; code: string }, { signal }: CallOptions = {}): Promise<LoginResponse> {
  return api.post('user/v1/login', LoginResponse, { json: { phone: toE164Digits(input.phone10), code: input.code }, signal });
}
