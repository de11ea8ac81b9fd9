/**
 * The consents as this device keeps them (docs/borrower-rights.md 'Privacy centre and consent'): for
 * each purpose, when it was last given and, when withdrawn since, when. A withdrawal holds here
 * whatever the lender offers, so the app stops sending at once: analytics drops usage events, the
 * location is neither asked for nor sent. Kept under `bw.pref.`: the location and the usage events
 * are the device's, so no end of a session brings them back; times only, nothing personal.
 */
import type { ConsentItem, ConsentPurpose } from '../../contract/privacy';
import { CONSENT_PURPOSES } from '../../contract/privacy';
import { appStorage, PREFERENCE_PREFIX } from './preferences';

export const CONSENTS_KEY = `${PREFERENCE_PREFIX}consents`;

type Kept = Partial<Record<ConsentPurpose, { givenAt: string; withdrawnAt: string }>>;

function read(): Kept {
  try {
    const raw: unknown = JSON.parse(appStorage()?.getItem(CONSENTS_KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    const kept: Kept = {};
    for (const purpose of CONSENT_PURPOSES) {
      const item = (raw as Record<string, unknown>)[purpose];
      if (typeof item !== 'object' || item === null) continue;
      const { givenAt, withdrawnAt } = item as Record<string, unknown>;
      kept[purpose] = { givenAt: typeof givenAt === 'string' ? givenAt : '', withdrawnAt: typeof withdrawnAt === 'string' ? withdrawnAt : '' };
    }
    return kept;
  } catch {
    return {}; // never trust storage
  }
}

/** Whether the device kept it. */
function write(kept: Kept): boolean {
  try {
    const storage = appStorage();
    storage?.setItem(CONSENTS_KEY, JSON.stringify(kept));
    return storage !== null;
  } catch {
    return false;
  }
}

/** Withdrawals made while storage could not keep them (private mode): held for this page. */
const withdrawnHere = new Set<ConsentPurpose>();

export const localConsents = {
  /** What this device kept, in the order of CONSENT_PURPOSES (ISO times). */
  list(): ConsentItem[] {
    const kept = read();
    return CONSENT_PURPOSES.flatMap((purpose) => {
      const item = kept[purpose];
      return item ? [{ purpose, ...item }] : [];
    });
  },
  give(purpose: ConsentPurpose, at: Date = new Date()): void {
    withdrawnHere.delete(purpose);
    write({ ...read(), [purpose]: { givenAt: at.toISOString(), withdrawnAt: '' } });
  },
  withdraw(purpose: ConsentPurpose, at: Date = new Date()): void {
    const kept = read();
    // Full or disabled storage: the withdrawal holds for this page at least.
    if (!write({ ...kept, [purpose]: { givenAt: kept[purpose]?.givenAt ?? '', withdrawnAt: kept[purpose]?.withdrawnAt || at.toISOString() } })) withdrawnHere.add(purpose);
  },
  /** Whether nothing more may be sent under `purpose`. */
  withdrawn(purpose: ConsentPurpose): boolean {
    return withdrawnHere.has(purpose) || Boolean(read()[purpose]?.withdrawnAt);
  },
};
