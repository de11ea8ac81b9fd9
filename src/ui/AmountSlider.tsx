/**
 * Choosing one of a product's amounts (the loan confirmation, the schedule page): the amount large,
 * a slider over the list (step = one amount), and its ends. The slider speaks the amount itself.
 */
import { useId } from 'react';
import { formatINR } from '../lib/money';
import { useLanguage } from './text';
import './amount-slider.css';

export interface AmountSliderProps {
  label: string;
  amounts: readonly number[];
  amount: number | null;
  disabled?: boolean;
  onChange: (amount: number) => void;
}

export function AmountSlider({ label, amounts, amount, disabled = false, onChange }: AmountSliderProps) {
  const id = useId();
  const lang = useLanguage();
  const inr = (n: number) => formatINR(n, lang);
  const index = Math.max(0, amount === null ? amounts.length - 1 : amounts.indexOf(amount));
  const first = amounts[0];
  const last = amounts.at(-1);
  return (
    <section className="card amount-slider" aria-label={label}>
      <label htmlFor={id} className="muted">
        {label}
      </label>
      <p className="amount-slider-value" aria-hidden="true">
        {amount === null ? '—' : inr(amount)}
      </p>
      {amounts.length > 1 && (
        <>
          <input
            id={id}
            type="range"
            min={0}
            max={amounts.length - 1}
            step={1}
            value={index}
            disabled={disabled}
            aria-valuetext={amount === null ? undefined : inr(amount)}
            onChange={(e) => {
              const next = amounts[Number(e.currentTarget.value)];
              if (next !== undefined) onChange(next);
            }}
          />
          <div className="amount-slider-range muted" aria-hidden="true">
            <span>{first === undefined ? '' : inr(first)}</span>
            <span>{last === undefined ? '' : inr(last)}</span>
          </div>
        </>
      )}
    </section>
  );
}
