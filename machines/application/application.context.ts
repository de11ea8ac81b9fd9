/**
 * What the application chart keeps and hears: its input, context, events and draft, and the pure
 * helpers its actions share. Written apart from the chart so that application.machine.ts holds the
 * chart itself; the machine module re-exports every type here.
 */
import type { BankCard } from '../../contract/bank';
import type { ClientConfig } from '../../contract/content';
import type { LenderKfs } from '../../contract/kfs';
import type { CalculationResult } from '../../contract/loans';
import type { ProductInfo } from '../../contract/products';
import type { Said } from '../../i18n/core';
import type { ApplicationKey } from '../../i18n/en/application';
import type { IdempotentIntent } from '../shared/idempotency';
import { sameIntent, type Intent } from './application.rules';

/** What is kept across a reload, a trip to the bank pages or an expired session (bw.draft.loan.apply.<pid>). */
export interface ApplicationDraft extends IdempotentIntent, Intent {}

export interface ApplicationInput {
  pid: string;
  /** ?bank_id=: the card picked on /bank (or just added), or null. */
  bankId: string | null;
  draft?: ApplicationDraft | null;
  /** Epoch ms of today: the KFS's due date. */
  today: number;
}

/** What the page loads beside the precheck. */
export interface ApplicationLoaded {
  product: ProductInfo;
  cards: BankCard[];
  config: ClientConfig;
}

export interface ApplicationContext extends IdempotentIntent, Intent {
  pid: string;
  bankId: string | null;
  today: number;
  /** The draft read when the page opened, restored once the page has loaded. */
  restored: ApplicationDraft | null;
  product: ProductInfo | null;
  cards: BankCard[];
  config: ClientConfig | null;
  /** The calculation of the current amount, or null while it is asked (or failed). */
  figures: CalculationResult | null;
  /** The Key Fact Statement of the current figures was acknowledged. */
  acknowledged: boolean;
  /** The lender's numbered KFS of the current figures (beyond the spec), or null: then the app's own. */
  lenderKfs: LenderKfs | null;
  /** Why APPLY NOW did nothing (by key), or the server's msg of a failed apply. */
  notice: Said<ApplicationKey> | null;
  loadError: Said<ApplicationKey> | null;
  calculateError: Said<ApplicationKey> | null;
}

export type ApplicationEvent =
  | { type: 'amount.changed'; amount: number }
  | { type: 'card.selected'; cardId: string }
  | { type: 'autoGetMoney.toggled' }
  | { type: 'kfs.toggled'; accepted: boolean }
  | { type: 'apply.tapped' }
  | { type: 'calculation.retried' }
  | { type: 'page.retried' };

export const intentOf = (c: Intent): Intent => ({ amount: c.amount, cardId: c.cardId, autoGetMoney: c.autoGetMoney });
export const draftOf = (c: ApplicationContext): ApplicationDraft => ({ ...intentOf(c), idempotencyKey: c.idempotencyKey });
/** The key stays with the same intent only. */
export const keyFor = (c: ApplicationContext, next: Intent): string | null => (sameIntent(intentOf(c), next) ? c.idempotencyKey : null);
