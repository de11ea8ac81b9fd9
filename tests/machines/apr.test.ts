import { describe, expect, it } from 'vitest';
import { irr, nominalApr, npv, singlePaymentApr, type CashFlow } from '../../machines/shared/apr';

describe('APR: the IRR of the cash flows on the net disbursed amount, annualised as a nominal rate', () => {
  it("RBI's illustration: ₹20,000 sanctioned, ₹400 fees (net ₹19,600), 24 monthly instalments of ₹970 → about 17.1% (monthly IRR × 12)", () => {
    const flows: CashFlow[] = [{ at: 0, amount: 19_600 }, ...Array.from({ length: 24 }, (_, k) => ({ at: k + 1, amount: -970 }))];
    const monthly = irr(flows);
    expect(monthly).not.toBeNull();
    expect(Math.abs(npv(flows, monthly!))).toBeLessThan(1e-6);
    const apr = nominalApr(flows, 12)!;
    expect(apr * 100).toBeCloseTo(17.1, 1);
    expect(apr).toBeCloseTo(monthly! * 12, 12);
  });

  it('a single repayment of this product: ₹20,000 over 91 days, net of fee and GST, repaid with interest on day 91 → daily IRR × 365', () => {
    const amount = 20_000;
    const fee = 600;
    const gst = fee * 0.18;
    const interest = amount * 0.0009 * 91;
    const net = amount - fee - gst;
    const apr = singlePaymentApr({ netDisbursed: net, repayment: amount + interest, days: 91 })!;
    // Closed form for one payment: net × (1 + r)^91 = repayment.
    const daily = Math.pow((amount + interest) / net, 1 / 91) - 1;
    expect(apr).toBeCloseTo(daily * 365, 9);
    expect(apr * 100).toBeCloseTo(46.06, 1);
    // The fees count: the APR is above the bare interest rate (0.09% a day = 32.85% a year).
    expect(apr).toBeGreaterThan(0.0009 * 365);
  });

  it('with no fees and one payment, the APR is the compounded-back daily rate of the flat interest (below the nominal flat rate × 365)', () => {
    const apr = singlePaymentApr({ netDisbursed: 1000, repayment: 1007, days: 7 })!;
    expect(apr).toBeCloseTo((Math.pow(1.007, 1 / 7) - 1) * 365, 9);
    expect(apr).toBeLessThan(0.001 * 365);
  });

  it('stays robust on very expensive, very short and degenerate loans', () => {
    // Repay double the next day: a daily IRR of 100%.
    expect(irr([{ at: 0, amount: 100 }, { at: 1, amount: -200 }])).toBeCloseTo(1, 9);
    // Repay 1,000 times the amount after one period (the bracket widens).
    expect(irr([{ at: 0, amount: 1 }, { at: 1, amount: -1000 }])).toBeCloseTo(999, 6);
    // A loan repaid with less than received: a negative rate.
    expect(irr([{ at: 0, amount: 100 }, { at: 1, amount: -90 }])).toBeCloseTo(-0.1, 9);
    // Zero flows are ignored; nothing paid or nothing received has no rate.
    expect(irr([{ at: 0, amount: 100 }, { at: 1, amount: 0 }, { at: 2, amount: -121 }])).toBeCloseTo(0.1, 9);
    expect(irr([{ at: 0, amount: 100 }])).toBeNull();
    expect(irr([{ at: 1, amount: -100 }])).toBeNull();
    expect(singlePaymentApr({ netDisbursed: 0, repayment: 100, days: 7 })).toBeNull();
    expect(singlePaymentApr({ netDisbursed: 100, repayment: 100, days: 0 })).toBeNull();
  });
});
