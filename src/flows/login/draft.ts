/**
 * The sign-in draft: phone, tick and resend deadline survive a reload (never the code). Kept under
 * the 'bw.draft.' prefix (KEEP_ON_EXPIRY_PREFIX), so an expired session keeps it and Quit clears it.
 */
import type { LoginDraft } from '../../../machines/login/login.machine';
import { KEEP_ON_EXPIRY_PREFIX } from '../../lib/session';

export const LOGIN_DRAFT_KEY = `${KEEP_ON_EXPIRY_PREFIX}login`;

/** The part of Storage the draft needs (localStorage, or a fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem'>;

const EMPTY: LoginDraft = { phone: '', agreed: false, resendDeadline: null };

/** The stored draft; anything unreadable counts as no draft. */
export function readLoginDraft(storage: DraftStorage | null): LoginDraft {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(LOGIN_DRAFT_KEY) ?? null;
  } catch {
    return EMPTY;
  }
  if (!raw) return EMPTY;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return EMPTY;
    const d = v as Record<string, unknown>;
    return {
      phone: typeof d.phone === 'string' ? d.phone.replace(/\D+/g, '').slice(0, 10) : '',
      agreed: d.agreed === true,
      resendDeadline: typeof d.resendDeadline === 'number' && Number.isFinite(d.resendDeadline) ? d.resendDeadline : null,
    };
  } catch {
    return EMPTY;
  }
}

export function writeLoginDraft(storage: DraftStorage | null, draft: LoginDraft): void {
  try {
    storage?.setItem(LOGIN_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or disabled storage: the draft is a convenience, sign-in still works.
  }
}
