/**
 * A payment's receipt: its rules (only a received payment has one; what it paid off is shown only
 * when its parts add up to the amount received), transition coverage of the generated paths, and
 * invariants along every path.
 */
import { describe, expect, it } from 'vitest';
import { receiptMachine } from '../../machines/receipt/receipt.machine';
import * as receiptCases from '../../machines/receipt/receipt.cases';
import { RECEIVED } from '../../machines/receipt/receipt.cases';
import { paidOffParts, receiptOf, receivedAmount } from '../../machines/receipt/receipt.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(receiptMachine, receiptCases);

describe('receipt rules', () => {
  it('a receipt is the record of a received payment of that id', () => {
    expect(receiptOf([RECEIVED], RECEIVED.id)).toBe(RECEIVED);
    expect(receiptOf([RECEIVED], 'pay_other')).toBeNull();
    for (const status of ['pending', 'failed', 'started', null] as const) expect(receiptOf([{ ...RECEIVED, status }], RECEIVED.id)).toBeNull();
  });

  it('what it paid off adds up to the amount received; an excess only when there is one', () => {
    const parts = paidOffParts(RECEIVED)!;
    expect(parts.map((p) => p.part)).toEqual(['principal', 'interest', 'fees', 'penalCharge']);
    expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(receivedAmount(RECEIVED));
    const over = { ...RECEIVED, paidAmount: 4100, paidOff: { ...RECEIVED.paidOff!, excess: 100 } };
    expect(paidOffParts(over)!.at(-1)).toEqual({ part: 'excess', amount: 100 });
  });

  it('never shows parts that disagree with the amount, nor invents them', () => {
    expect(paidOffParts({ ...RECEIVED, paidOff: { ...RECEIVED.paidOff!, interest: 1 } })).toBeNull();
    expect(paidOffParts({ ...RECEIVED, paidOff: null })).toBeNull();
    // A backend that names only some parts: the others are 0, and they still add up.
    expect(paidOffParts({ ...RECEIVED, paidOff: { principal: 4000, interest: null, fees: null, penalCharge: null, excess: null } })?.map((p) => p.amount)).toEqual([4000, 0, 0, 0]);
  });
});

describe('receipt machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(receiptMachine, paths);
    expect(coverage.missing, formatCoverage('receipt', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('shown')) expect(s.context.record?.status).toBe('received');
      if (s.hasTag('failed')) expect(s.context.error).toBeTruthy();
      if (!s.hasTag('shown')) expect(s.can({ type: 'print.tapped' })).toBe(false);
    }
  });
});
