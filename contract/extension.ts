/** Extension of the due date (spec §3 'Extension info'; §7 extension-calc, giveup, apply). */
import * as v from 'valibot';
import { id, num, text } from './common';

export const ExtensionInfo = v.looseObject({
  extensionId: id,
  orderRepayId: id,
  extensionFee: num,
  extensionFeePaid: num,
  extensionServiceFee: num,
  /** A fraction. */
  extensionRate: num,
  interest: num,
  extensionApplyTime: text,
  extensionDay: num,
  /** The new due date. */
  extensionTime: text,
});
export type ExtensionInfo = v.InferOutput<typeof ExtensionInfo>;
