/** Money and rate formatting (spec §9: amounts with the rupee sign, en-IN grouping; interest in % per day). */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹2,00,000 — whole rupees unless the amount has paise. */
export function formatINR(amount: number): string {
  return Number.isInteger(amount) ? inr.format(amount) : inrPaise.format(amount);
}

/** A daily rate given as a fraction (0.001) shown as percent per day: "0.1% / day". */
export function formatDailyRate(fraction: number): string {
  const pct = Math.round(fraction * 100 * 1000) / 1000;
  return `${pct}% / day`;
}
