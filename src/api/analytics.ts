import { api } from './client';
import { Ignored, type BuryingPoint } from './schemas';

/** POST /burying-point/v2/burying-point. Fire and forget: analytics never disturbs the borrower. */
export function track(event: Omit<BuryingPoint, 'eventTime'>): void {
  api.post('burying-point/v2/burying-point', Ignored, { json: { ...event, eventTime: Date.now() } }).catch(() => {});
}
