/**
 * The borrower's documents: their rules (grouped by loan, where each opens, terms shown only when they
 * add up), transition coverage of the generated paths, and invariants along every path.
 */
import { describe, expect, it } from 'vitest';
import { documentsMachine } from '../../machines/documents/documents.machine';
import * as documentsCases from '../../machines/documents/documents.cases';
import { DOCUMENTS, SANCTION_LETTER } from '../../machines/documents/documents.cases';
import { byLoan, documentHref, termLines, termSums } from '../../machines/documents/documents.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(documentsMachine, documentsCases);

describe('documents rules', () => {
  it('groups by loan in the lender’s order; a receipt opens its receipt page, the others their own', () => {
    expect(byLoan(DOCUMENTS).map((l) => [l.orderNo, l.documents.map((d) => d.kind)])).toEqual([
      ['BW20250601000042', ['kfs', 'sanctionLetter', 'receipt', 'noDues']],
      ['BW20250101000007', ['sanctionLetter']],
    ]);
    expect(DOCUMENTS.map(documentHref)).toEqual(['/personal/documents/11', '/personal/documents/12', '/orders/501/receipts/pay_0001', '/personal/documents/13', '/personal/documents/4']);
  });

  it('the terms add up: sanctioned − fee − GST = sent, sanctioned + interest = to repay; else no sums', () => {
    const sums = termSums(SANCTION_LETTER.terms!)!;
    const total = (lines: typeof sums.disbursal) => lines.slice(0, -1).reduce((a, l) => a + ('rupees' in l ? (l.minus ? -l.rupees : l.rupees) : 0), 0);
    const last = (lines: typeof sums.disbursal) => { const l = lines.at(-1)!; return 'rupees' in l ? l.rupees : NaN; };
    expect(total(sums.disbursal)).toBe(last(sums.disbursal));
    expect(total(sums.repayment)).toBe(last(sums.repayment));
    expect(termSums({ ...SANCTION_LETTER.terms!, gst: 91 })).toBeNull();
    expect(termSums({ ...SANCTION_LETTER.terms!, interest: null })).toBeNull();
    expect(termLines(SANCTION_LETTER.terms!, { money: false }).map((l) => l.key)).toEqual(['period', 'rate', 'disbursedAt', 'dueDate']);
    // Without the sums, every money term the lender gave, one by one; a missing one is left out.
    expect(termLines({ ...SANCTION_LETTER.terms!, gst: null, dueDate: '' }, { money: true }).map((l) => l.key)).toEqual([
      'loanAmount', 'processingFee', 'disbursedAmount', 'interest', 'repaymentAmount', 'period', 'rate', 'disbursedAt',
    ]);
  });
});

describe('documents machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(documentsMachine, paths);
    expect(coverage.missing, formatCoverage('documents', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state: s } of path.steps) {
      if (s.hasTag('shown')) expect(s.context.document).not.toBeNull();
      if (s.hasTag('list')) expect(s.context.documents.length).toBeGreaterThan(0);
      if (s.hasTag('failed')) expect(s.context.error).toBeTruthy();
      if (s.hasTag('notOffered')) expect(s.context.officer).not.toBeNull();
      if (!s.hasTag('shown')) expect(s.can({ type: 'print.tapped' })).toBe(false);
    }
  });
});
