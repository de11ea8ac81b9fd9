/**
 * Which Key Fact Statement a money step stands on (docs/borrower-rights.md 'Key Fact Statement'):
 * the lender's numbered one where the lender offers KFS calls, else the one the app builds, whose
 * acknowledgement is the borrower's tick on this page. Pure: the machines' guards read it.
 */
import type { ClientConfig } from '../../contract/content';
import type { LenderKfs, OrderKfs } from '../../contract/kfs';
import type { Offered } from '../../contract/offered';
import { aprOf, configFacts, type KeyFacts } from './kfs';
import { kfsValidAt, kfsValidUntil } from './kfs-validity';

export type KfsStanding =
  /** The lender's KFS: its number, until when it binds, and whether the lender has it acknowledged. */
  | { source: 'lender'; kfsNo: string; validUntil: string; acknowledged: boolean }
  /** No lender KFS (a backend without the calls, or one that could not be read): the app's own. */
  | { source: 'app' };

export const APP_KFS: KfsStanding = { source: 'app' };

export const lenderStanding = (k: LenderKfs): KfsStanding => ({ source: 'lender', kfsNo: k.kfsNo, validUntil: k.validUntil, acknowledged: k.acknowledgedAt != null });

/** The KFS an order was acknowledged under binds now (the lender says so). */
export const orderKfsBinds = (answer: Offered<OrderKfs>): boolean => answer.offered && answer.value.validNow && answer.value.kfs !== null;

/**
 * Whether money may move now: the lender's KFS acknowledged (by the lender, or by the borrower's tick
 * before the lender hears it) and valid now; or, without one, the borrower's tick on this page
 * within the validity the app gives it (the same working-day rule, from the tick).
 */
export function kfsBinds(standing: KfsStanding | null, tickedAt: number | null, tenureDays: number, now: number): boolean {
  if (standing === null) return false;
  if (standing.source === 'lender') return (standing.acknowledged || tickedAt !== null) && kfsValidAt(new Date(standing.validUntil), now);
  return tickedAt !== null && kfsValidAt(kfsValidUntil(new Date(tickedAt), tenureDays), now);
}

/** The lender's KFS is to be acknowledged with the lender before the money step (ticked here, not yet sent). */
export const kfsToSend = (standing: KfsStanding | null, tickedAt: number | null): standing is Extract<KfsStanding, { source: 'lender' }> =>
  standing !== null && standing.source === 'lender' && !standing.acknowledged && tickedAt !== null;

/** What the page shows of the KFS: nothing yet, the one acknowledged that binds, or one to acknowledge with a tick. */
export type KfsPrompt =
  | { kind: 'reading' }
  | { kind: 'binds'; kfsNo: string; validUntil: string }
  | { kind: 'toAcknowledge'; kfsNo: string | null; validUntil: string | null; ticked: boolean };

export function kfsPrompt(standing: KfsStanding | null, tickedAt: number | null): KfsPrompt {
  if (standing === null) return { kind: 'reading' };
  if (standing.source === 'lender' && standing.acknowledged) return { kind: 'binds', kfsNo: standing.kfsNo, validUntil: standing.validUntil };
  return standing.source === 'lender'
    ? { kind: 'toAcknowledge', kfsNo: standing.kfsNo, validUntil: standing.validUntil, ticked: tickedAt !== null }
    : { kind: 'toAcknowledge', kfsNo: null, validUntil: null, ticked: tickedAt !== null };
}

/**
 * The KFS the lender issued, as the table shows it: its figures, and from the client config the
 * penal charge, cooling-off, lender and grievance officer (missing without the config).
 */
export function lenderKeyFacts(kfs: LenderKfs, config: ClientConfig | null): KeyFacts {
  const f = kfs.facts;
  const sanctioned = f.sanctioned ?? 0;
  const tenureDays = f.tenureDays ?? 0;
  const netDisbursed = f.netDisbursed ?? null;
  const totalRepayable = f.totalRepayable ?? null;
  const fromConfig = config
    ? configFacts(config, sanctioned)
    : {
        penalChargePerDay: null,
        penalChargePerDayAmount: null,
        coolingOffDays: null,
        foreclosureFee: null,
        lender: { name: null, rbiRegistration: null },
        grievanceOfficer: { name: null, phone: null, email: null },
      };
  return {
    sanctioned,
    tenureDays,
    interest: f.interest ?? null,
    dailyRate: f.dailyRate ?? null,
    processingFee: f.processingFee ?? null,
    gst: f.gst ?? null,
    netDisbursed,
    totalRepayable,
    dueDate: f.dueDate ?? null,
    dueIfDisbursedToday: true,
    apr: aprOf(netDisbursed, totalRepayable, tenureDays),
    ...fromConfig,
  };
}
