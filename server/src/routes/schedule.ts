/**
 * Scheduled applications (spec §7): POST /order/v1/order-auto-apply, GET /order/v1/get-auto-apply-list,
 * GET /order/v1/get-auto-apply, POST /order/v1/cancel-auto-apply. Every read first brings the orders up
 * to the sandbox clock and applies the schedules whose product has opened (domain/schedule.ts), so what
 * is shown is the schedule's state now. See docs/sandbox/extension-and-scheduling.md 'Scheduled applications'.
 */
import { Hono } from 'hono';
import {
  CancelScheduledOrderPayload,
  ScheduleApplyPayload,
  ScheduledOrder,
  ScheduledOrderList,
  ScheduledOrderQuery,
} from '../../../contract/schedule';
import { requireUser } from '../auth';
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
import { answer, ApiError, jsonBodyLimit, readJson, readQuery } from '../envelope';
import { answerOnce, idempotentInTransaction } from '../idempotency';
import { parseId } from './products';

export function scheduleRoutes() {
  const r = new Hono<AppEnv>();

  // Create and cancel write the schedule and the Idempotency-Key's answer in one transaction (answerOnce).
  r.post('/order/v1/order-auto-apply', requireUser, jsonBodyLimit(), idempotentInTransaction, async (c) => {
    const { clock } = c.var.deps;
    const body = await readJson(c, ScheduleApplyPayload);
    return answerOnce(c, ScheduledOrder, async (tx) => scheduledOrder(await createSchedule(tx, c.var.user.id, body, clock.now())));
  });

  r.get('/order/v1/get-auto-apply-list', requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    const rows = await listSchedules(db, c.var.user.id);
    return answer(c, ScheduledOrderList, rows.map(scheduledOrder));
  });

  // Another borrower's schedule answers exactly like one that does not exist.
  r.get('/order/v1/get-auto-apply', requireUser, async (c) => {
    const { db, clock } = c.var.deps;
    const id = parseId(readQuery(c, ScheduledOrderQuery, SCHEDULE_MESSAGES.notFound).orderId);
    if (id === undefined) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    await bringBorrowerUpToDate(db, c.var.user.id, clock.now());
    const row = await readSchedule(db, c.var.user.id, id);
    if (!row) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    return answer(c, ScheduledOrder, scheduledOrder(row));
  });

  // A waiting schedule (0) is canceled (3) and answered; `orderNo` is accepted and not read (the id names it).
  r.post('/order/v1/cancel-auto-apply', requireUser, jsonBodyLimit(), idempotentInTransaction, async (c) => {
    const { clock } = c.var.deps;
    const id = parseId((await readJson(c, CancelScheduledOrderPayload)).id);
    if (id === undefined) throw new ApiError(SCHEDULE_MESSAGES.notFound);
    return answerOnce(c, ScheduledOrder, async (tx) => scheduledOrder(await cancelScheduleIn(tx, c.var.user.id, id, clock.now())));
  });

  return r;
}
