/** Analytics (spec §7 POST /burying-point/v1/create). */
import * as v from 'valibot';

export const BuryingPoint = v.looseObject({
  projectName: v.string(),
  pageName: v.string(),
  behavior: v.string(),
  value: v.optional(v.unknown()),
  eventTime: v.union([v.number(), v.string()]),
});
export type BuryingPoint = v.InferOutput<typeof BuryingPoint>;
