/**
 * A total shown with its parts (CONVENTIONS §10: every figure adds up on screen): a card with a
 * heading and a list of lines, each with its sign drawn (−, +) and said in words for screen readers,
 * the total last under a rule. The words come from the screen's catalogue, so this piece holds no text.
 */
import { useId, type ReactNode } from 'react';
import { formatINR } from '../lib/money';
import './sum.css';

export type Sign = 'minus' | 'plus';

/** The sign a difference takes: a negative amount is taken off. */
export const signOf = (amount: number): Sign => (amount < 0 ? 'minus' : 'plus');

export function Sum({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section className={['card', 'sum', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="sum-title">
        {title}
      </h2>
      <dl className="sum-lines">{children}</dl>
    </section>
  );
}

export interface SumLineProps {
  label: ReactNode;
  /** The amount, shown without its sign (the sign is drawn); null when the lender did not give it. */
  amount: number | null;
  sign?: Sign;
  /** The sign in words ('minus'), read instead of the drawn glyph. */
  signWord?: string;
  /** What a missing amount reads ('Not provided by the lender'). */
  missing?: string;
  total?: boolean;
}

export function SumLine({ label, amount, sign, signWord, missing, total = false }: SumLineProps) {
  return (
    <div className={total ? 'sum-total' : undefined}>
      <dt>{label}</dt>
      <dd>
        {amount === null ? (
          <span className="sum-missing">{missing}</span>
        ) : (
          <>
            {sign && <span aria-hidden="true">{sign === 'minus' ? '− ' : '+ '}</span>}
            {sign && signWord && <span className="visually-hidden">{signWord} </span>}
            {/* The signed figure as data: what the line adds to the sum (tests add them up). */}
            <data className="sum-amount" value={String(sign === 'minus' ? -Math.abs(amount) : Math.abs(amount))}>
              {formatINR(Math.abs(amount))}
            </data>
          </>
        )}
      </dd>
    </div>
  );
}

/** A line of the card that is not part of the sum (the account, the due date): label and value. */
export function SumNote({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="sum-note">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
