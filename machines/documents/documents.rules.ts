/**
 * The rules of the borrower's documents (Account → Documents; beyond the spec), pure: how the list is
 * grouped, where each document opens, and the loan's terms as a document shows them (texts by key:
 * i18n/en/documents.ts).
 */
import type { DocumentSummary, LoanTerms } from '../../contract/documents';
import type { DocumentsKey } from '../../i18n/en/documents';
import { paths } from '../shared/paths';

/** The documents by loan, in the order the lender lists them (newest loan first). */
export function byLoan(documents: readonly DocumentSummary[]): { orderId: string; orderNo: string; documents: DocumentSummary[] }[] {
  const groups = new Map<string, { orderId: string; orderNo: string; documents: DocumentSummary[] }>();
  for (const d of documents) {
    const group = groups.get(d.orderId) ?? { orderId: d.orderId, orderNo: d.orderNo || d.orderId, documents: [] };
    group.documents.push(d);
    groups.set(d.orderId, group);
  }
  return [...groups.values()];
}

/** Where a document opens: a receipt on its payment's receipt page, the others on their own. */
export const documentHref = (d: DocumentSummary): string => (d.kind === 'receipt' ? paths.orderReceipt.href(d.orderId, d.id) : paths.document.href(d.id));

/** A line of the terms: money, less money, or another fact. */
export type TermLine = { key: DocumentsKey; rupees: number; minus?: true } | { key: DocumentsKey; days: number } | { key: DocumentsKey; ratePerDay: number } | { key: DocumentsKey; time: string };

/**
 * The money lines of the terms, in two sums: sanctioned − fee − GST = sent to the account, and
 * sanctioned + interest = total to repay. Shown only when both add up, so a document never shows
 * figures that disagree; null otherwise (the lines are then shown one by one, without the sums).
 */
export function termSums(t: LoanTerms): { disbursal: TermLine[]; repayment: TermLine[] } | null {
  const { loanAmount, processingFee, gst, disbursedAmount, interest, repaymentAmount } = t;
  if (loanAmount == null || processingFee == null || gst == null || disbursedAmount == null || interest == null || repaymentAmount == null) return null;
  if (Math.abs(loanAmount - processingFee - gst - disbursedAmount) > 0.005 || Math.abs(loanAmount + interest - repaymentAmount) > 0.005) return null;
  return {
    disbursal: [
      { key: 'loanAmount', rupees: loanAmount },
      { key: 'processingFee', rupees: processingFee, minus: true },
      { key: 'gst', rupees: gst, minus: true },
      { key: 'disbursedAmount', rupees: disbursedAmount },
    ],
    repayment: [
      { key: 'loanAmount', rupees: loanAmount },
      { key: 'interest', rupees: interest },
      { key: 'repaymentAmount', rupees: repaymentAmount },
    ],
  };
}

/**
 * The terms the lender gave, one line each, missing ones left out (never made up); the money lines
 * only when `money` (when the sums cannot be shown).
 */
export function termLines(t: LoanTerms, { money }: { money: boolean }): TermLine[] {
  const lines: TermLine[] = [];
  for (const key of money ? (['loanAmount', 'processingFee', 'gst', 'disbursedAmount', 'interest', 'repaymentAmount'] as const) : []) {
    const value = t[key];
    if (value != null) lines.push({ key, rupees: value });
  }
  if (t.periodDays != null) lines.push({ key: 'period', days: t.periodDays });
  if (t.ratePerDay != null) lines.push({ key: 'rate', ratePerDay: t.ratePerDay });
  if (t.disbursedAt) lines.push({ key: 'disbursedAt', time: t.disbursedAt });
  if (t.dueDate) lines.push({ key: 'dueDate', time: t.dueDate });
  return lines;
}
