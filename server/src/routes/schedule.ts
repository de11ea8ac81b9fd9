/**
 * Scheduled applications (endpoint table: scheduleApply, scheduleList, scheduledOrder,
 * cancelSchedule). Every read first applies the schedules whose product has opened
 * (domain/schedule.ts), so what is shown is the schedule's state now.
 */
import { Hono } from 'hono';
import { ENDPOINTS } from '../../../contract/endpoints';
import { bringBorrowerUpToDate } from '../domain/catch-up';
import {
  cancelScheduleIn,
  createSchedule,
  listSchedules,
  readSchedule,
  SCHEDULE_MESSAGES,
  scheduledOrder,
} from '../domain/schedule';
import type { AppEnv } from '../env';
import { ApiError } from '../envelope';
import { answerOnce } from '../idempotency';
import { parseId } from './products';
import { serve } from './serve';

export function scheduleRoutes() {
  const r = new Hono<AppEnv>();

  // Create and cancel write the schedule and the Idempotency-Key's answer in one transaction (answerOnce).
  serve(r, ENDPOINTS.scheduleApply, { key: 'inTransaction' }, async (c, body) => {
    const { clock } = c.var.deps;
    return answerOnce(c, ENDPOINTS.scheduleApply.answer, async (tx) => scheduledOrder(await createSchedule(tx, c.var.user.id, body, clock.now())));
  });

  serve(r, ENDPOINTS.scheduleList, async (c) => {
    const { db, clock } = c.var.deps;
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    const rows = await listSchedules(db, c.var.user.id);
    return rows.map(scheduledOrder);
  });

  // Another borrower's schedule answers exactly like one that does not exist.
  serve(r, ENDPOINTS.scheduledOrder, { invalid: SCHEDULE_MESSAGES.notFound }, async (c, query) => {
    const { db, clock } = c.var.deps;
    const id = parseId(query.orderId);
    if (id === undefined) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    const row = await readSchedule(db, c.var.user.id, id);
    if (!row) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    return scheduledOrder(row);
  });

  // A waiting schedule (0) is canceled (3) and answered; `orderNo` is accepted and not read (the id names it).
  serve(r, ENDPOINTS.cancelSchedule, { key: 'inTransaction' }, async (c, body) => {
    const { clock } = c.var.deps;
    const id = parseId(body.id);
    if (id === undefined) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    return answerOnce(c, ENDPOINTS.cancelSchedule.answer, async (tx) => scheduledOrder(await cancelScheduleIn(tx, c.var.user.id, id, clock.now())));
  });

  return r;
}
