/**
 * Payment reminders in Chromium at 360×800 (docs/sandbox/loans-and-orders.md 'Reminders'): QA moves the sandbox clock
 * to the next morning, the sweep sends Arjun (9000000008) his overdue reminder, and the /sandbox page
 * lists it in the outbox with its kind and order and the same figures as the order (the penal charge
 * so far, the amount due); the console's Send due reminders now then sends nothing more that day.
 *
 * It moves the sandbox clock by a day or so: run it with the other clock-moving scenarios, at the end.
 */
import type { Browser } from 'playwright-core';
import { assert, newPhone, scenario, screenshot, type Sandbox } from './harness';

export interface ReminderContext {
  sandbox: Sandbox;
  browser: Browser;
  noErrors: (errors: string[]) => void;
}

const ARJUN = '919000000008';
const IST_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;

interface Sent {
  orderId: number;
  orderNo: string;
  phone: string;
  kind: string;
  label: string;
  text: string;
  language: 'en' | 'hi';
}

export function reminderScenarios({ sandbox, browser, noErrors }: ReminderContext) {
  scenario('reminders: moving the clock sends Arjun his overdue reminder, shown in the /sandbox outbox with its kind, order and penal charge', async () => {
    const clock = (await (await fetch(`${sandbox.url}/sandbox/api/clock`)).json()) as { now: string };
    // To 10:00 IST the next day: a new IST day for the one-a-day rule, inside the hours (08:00–19:00).
    const now = Date.parse(clock.now);
    const nextMorning = Math.floor((now + IST_MS) / DAY_MS) * DAY_MS + DAY_MS + 10 * 3_600_000 - IST_MS;
    const moved = await fetch(`${sandbox.url}/sandbox/api/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: Math.round((nextMorning - now) / 1000) }),
    });
    assert(moved.ok, `the clock moved (${moved.status})`);
    const { reminders } = (await moved.json()) as { nowIst: string; reminders: { open: boolean; sent: Sent[] } };
    const his = reminders.sent.find((s) => s.phone === ARJUN);
    assert(reminders.open && his?.kind === 'overdue', `moving the clock sent Arjun an overdue reminder: ${JSON.stringify(reminders)}`);

    // The reminder says what the lender's order says now.
    const consoleRes = await fetch(`${sandbox.url}/sandbox/api/orders?phone=${ARJUN}`);
    const order = ((await consoleRes.json()) as { orders: { orderId: number; overdueDays: number; overdueFee: number; due: number }[] }).orders.find(
      (o) => o.orderId === his.orderId,
    );
    assert(order, `Arjun's order ${his.orderId} is on the console`);
    const inr = (n: number) => `₹${n.toLocaleString('en-IN')}`;
    // In Arjun's language: that of his last signed-in request, so Hindi when an earlier scenario used the app in Hindi as him.
    const said =
      his.language === 'hi'
        ? [`यह ${order.overdueDays} दिन से ओवरड्यू है`, `चुकाने की राशि: ${inr(order.due)}`, `${inr(order.overdueFee)} दंड शुल्क`, 'हर दिन ₹10', 'ज़्यादा से ज़्यादा ₹2,000']
        : [`is ${order.overdueDays} days overdue`, `Amount due: ${inr(order.due)}`, `penal charge of ${inr(order.overdueFee)} so far`, '₹10 a day', 'capped at ₹2,000'];
    for (const words of said) assert(his.text.includes(words), `the reminder says "${words}": ${his.text}`);

    const { page, context, errors } = await newPhone(browser, sandbox.url);
    await page.goto(`/sandbox?phone=${ARJUN.slice(2)}`);
    const tag = page.getByText(`Reminder: ${his.label} · order ${his.orderId} · ${his.orderNo}`).first();
    await tag.waitFor();
    const row = page.locator('tr', { has: tag });
    assert((await row.innerText()).includes(said[2]!), 'the outbox row shows the reminder’s text');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'r1-sandbox-outbox-reminder');

    // The orders console says what went out and what goes out next.
    const orderRow = page.locator('tr', { hasText: `${his.orderId} · ${his.orderNo}` }).filter({ hasText: 'reminders:' }).first();
    const rowText = (await orderRow.innerText()).replace(/\s+/g, ' ');
    assert(new RegExp(`reminders: \\d+ sent \\(last: ${his.label}, [\\d-]+ [\\d:]+\\); next: `).test(rowText), `the order's reminders on the console: ${rowText}`);
    await orderRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'r3-sandbox-orders-reminders');

    // The console's reminders: the one sent today, and its button sends nothing more today.
    const section = page.getByRole('heading', { name: 'QA console: reminders' });
    await section.scrollIntoViewIfNeeded();
    await page.getByRole('cell', { name: new RegExp(`^${his.label}, order ${his.orderId} · ${his.orderNo}`) }).first().waitFor();
    await page.getByRole('button', { name: 'Send due reminders now' }).click();
    await page.waitForURL((u) => u.hash === '#reminders');
    await page.getByRole('status').filter({ hasText: 'no reminder due' }).waitFor();
    await page.getByRole('heading', { name: 'QA console: reminders' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'r2-sandbox-reminders-console');
    const listed = (await (await fetch(`${sandbox.url}/sandbox/api/reminders?phone=${ARJUN}`)).json()) as { reminders: { orderId: number; sentDay: string }[] };
    const today = listed.reminders.filter((r) => r.orderId === his.orderId && r.sentDay === listed.reminders[0]?.sentDay);
    assert(today.length === 1, `one reminder a day (${JSON.stringify(listed.reminders.slice(0, 3))})`);
    noErrors(errors);
    await context.close();
  });
}
