/**
 * Ending a loan early: its rules (the parts add up to the amount, a stale quote, a part payment and
 * what it leaves owing), transition coverage of the generated paths, and invariants along every path
 * (a payment is asked only with a key and a quote or a valid part; the offer enforces its rule).
 */
import { describe, expect, it } from 'vitest';
import type { ClosureQuote } from '../../contract/closure';
import type { Offered } from '../../contract/offered';
import { createActor, fromPromise, waitFor } from 'xstate';
import { closureMachine, type PayInput } from '../../machines/closure/closure.machine';
import * as closureCases from '../../machines/closure/closure.cases';
import { CLOSE, CLOSURE_PAGE, EXIT, LOAN, NOW, STALE } from '../../machines/closure/closure.cases';
import { closureLines, leavesOwing, partAmount, quoteExpired, typedRupees } from '../../machines/closure/closure.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(closureMachine, closureCases);

describe('closure rules', () => {
  it('the parts of a quote add up to its amount; parts that disagree are never shown', () => {
    const lines = closureLines(EXIT)!;
    expect(lines.reduce((a, l) => a + l.amount, 0)).toBe(EXIT.amount);
    const paid = { ...EXIT, amount: 10014, paidSoFar: 5000 };
    expect(closureLines(paid)!.reduce((a, l) => a + l.amount, 0)).toBe(10014);
    expect(closureLines({ ...EXIT, amount: 15100 })).toBeNull();
  });

  it('a quote holds until its time on the lender\'s clock', () => {
    expect(quoteExpired(EXIT, NOW)).toBe(false);
    expect(quoteExpired(STALE, NOW)).toBe(true);
    expect(quoteExpired({ validUntil: '' }, NOW)).toBe(false);
  });

  it('a part payment is from ₹1 to less than what is due, and says what it leaves', () => {
    expect(typedRupees(' 4,000 ')).toBe(4000);
    expect(typedRupees('12.5')).toBeNull();
    expect(partAmount('5000', 16229)).toBe(5000);
    expect(partAmount('16229', 16229)).toBeNull();
    expect(partAmount('0', 16229)).toBeNull();
    expect(partAmount('5000', null)).toBeNull();
    expect(leavesOwing('5000', 16229)).toBe(11229);
  });
});

describe('closure machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(closureMachine, paths);
    expect(coverage.missing, formatCoverage('closure', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('busy') && !s.hasTag('redirecting')) expect(s.context.idempotencyKey).not.toBeNull();
      if (s.hasTag('offer')) {
        expect(s.context.quote).not.toBeNull();
        const rules = Object.values(s.getMeta()).flatMap((m) => (m as { rules?: string[] }).rules ?? []);
        expect(rules).toContain(s.hasTag('coolingOff') ? 'cooling-off-exit' : 'pre-closure');
      }
      if (s.hasTag('notOffered')) expect(s.context.quote).toBeNull();
    }
  });
});

describe('closure machine: what it sends', () => {
  const run = async (quote = EXIT) => {
    const sent: PayInput[] = [];
    const remembered: unknown[] = [];
    const opened: string[] = [];
    const actor = createActor(
      closureMachine.provide({
        actors: {
          closureQuote: fromPromise(async (): Promise<Offered<ClosureQuote>> => ({ offered: true, value: quote })),
          pay: fromPromise(async ({ input }: { input: PayInput }) => (sent.push(input), CLOSURE_PAGE)),
        },
        actions: { rememberPayment: (_, p) => remembered.push(p.started), openPayment: (_, p) => opened.push(p.url) },
      }),
      { input: closureCases.inputs.loaned },
    ).start();
    await waitFor(actor, (s) => s.hasTag('offer'));
    return { actor, sent, remembered, opened };
  };

  it('the exit pays the quoted kind and amount once, with a key, and remembers the closure for the return', async () => {
    const { actor, sent, remembered, opened } = await run();
    actor.send({ type: 'closure.tapped' });
    actor.send({ type: 'closure.confirmed' });
    actor.send({ type: 'closure.confirmed' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(sent).toEqual([{ orderId: LOAN.orderId, purpose: 'closure', kind: 'coolingOff', amount: 15014, idempotencyKey: expect.any(String) }]);
    expect(remembered).toEqual([expect.objectContaining({ purpose: 'closure', paymentId: CLOSURE_PAGE.paymentId, at: NOW })]);
    expect(opened[0]).toBe(`${CLOSURE_PAGE.paymentUrl}&return=${encodeURIComponent(`https://app.example/orders/${LOAN.orderId}/detail`)}`);
  });

  it('pre-closure pays its own kind; a part payment pays the part as a repayment', async () => {
    const closing = await run(CLOSE);
    closing.actor.send({ type: 'closure.tapped' });
    closing.actor.send({ type: 'closure.confirmed' });
    await waitFor(closing.actor, (s) => s.matches('redirecting'));
    expect(closing.sent[0]).toMatchObject({ purpose: 'closure', kind: 'preClosure', amount: 15149 });

    const part = await run();
    part.actor.send({ type: 'part.tapped' });
    part.actor.send({ type: 'part.changed', value: '5,000' });
    part.actor.send({ type: 'part.confirmed' });
    await waitFor(part.actor, (s) => s.matches('redirecting'));
    expect(part.sent[0]).toMatchObject({ purpose: 'part', amount: 5000 });
    expect(part.sent[0]).not.toHaveProperty('kind');
    expect(part.remembered[0]).toMatchObject({ purpose: 'repayment' });
  });

  it('a stale quote is asked again before anything is paid', async () => {
    const { actor, sent } = await run(STALE);
    actor.send({ type: 'closure.tapped' });
    actor.send({ type: 'closure.confirmed' });
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'quoteChanged' });
    await waitFor(actor, (s) => s.hasTag('offer'));
    expect(sent).toEqual([]);
  });
});
