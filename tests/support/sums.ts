/**
 * Reads a total shown with its parts (src/ui/Sum.tsx) as the borrower sees it: every line's label
 * and signed figure (each line's <data value>), the total last. `addsUp` is CONVENTIONS §10's check:
 * the parts on screen add up to the total on screen.
 */
import { expect } from 'vitest';

export interface SumLine {
  label: string;
  /** The signed figure; null when the line says the lender did not give it. */
  value: number | null;
  /** What the line shows (its amount, or the missing text). */
  shown: string;
}

export interface ReadSum {
  parts: SumLine[];
  total: SumLine;
}

export function readSum(region: HTMLElement): ReadSum {
  const rows = [...region.querySelectorAll<HTMLElement>('.sum-lines > div:not(.sum-note)')];
  const lines = rows.map((row): SumLine & { total: boolean } => {
    const data = row.querySelector('data');
    const dd = row.querySelector('dd')!;
    return {
      label: row.querySelector('dt')!.textContent ?? '',
      value: data ? Number(data.value) : null,
      shown: (data ?? dd).textContent ?? '',
      total: row.classList.contains('sum-total'),
    };
  });
  const totals = lines.filter((l) => l.total);
  expect(totals, 'one total, last').toHaveLength(1);
  expect(lines.at(-1)!.total, 'the total is the last line').toBe(true);
  return { parts: lines.filter((l) => !l.total), total: totals[0]! };
}

/** The parts add up to the total, to the paisa. */
export function expectAddsUp(region: HTMLElement): ReadSum {
  const sum = readSum(region);
  for (const p of [...sum.parts, sum.total]) expect(p.value, `${p.label} is given`).not.toBeNull();
  const added = sum.parts.reduce((n, p) => n + p.value!, 0);
  expect(Math.round(added * 100) / 100, `${sum.parts.map((p) => `${p.label} ${p.value}`).join(' + ')} = ${sum.total.label}`).toBe(sum.total.value);
  return sum;
}
