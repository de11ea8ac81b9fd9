/**
 * The request shapes of the money flows, parsed the way the sandbox will parse them: ids as
 * strings, numbers from query strings, and a missing field named.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BankBindPayload, BankNameList } from '../../contract/bank';
import { IdempotencyKey } from '../../contract/common';
import { FeedbackForm } from '../../contract/content';
import { ExtensionActionPayload } from '../../contract/extension';
import { CalculateQuery, PrecheckQuery } from '../../contract/loans';
import { OrderActionPayload } from '../../contract/orders';
import { CancelScheduledOrderPayload } from '../../contract/schedule';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => `${v.getDotPath(i) ?? ''}: ${i.message}`);
};

describe('contract: request shapes', () => {
  it('reads queries as the server receives them (strings)', () => {
    expect(v.parse(CalculateQuery, { amount: '2000', period: '7', productId: '3' })).toEqual({ amount: 2000, period: 7, productId: '3' });
    expect(v.parse(PrecheckQuery, { productId: 3 })).toEqual({ productId: '3' });
    expect(issuesOf(CalculateQuery, { amount: 'lots', period: '7', productId: '3' })).toEqual(['amount: Expected a number']);
  });

  it('names the missing field of a money-moving payload', () => {
    expect(v.parse(OrderActionPayload, { orderId: 17 })).toEqual({ orderId: '17' });
    expect(issuesOf(ExtensionActionPayload, { extensionId: '1', orderId: '2' })[0]).toMatch(/^orderRepayId: /);
    expect(issuesOf(CancelScheduledOrderPayload, { id: '4' })[0]).toMatch(/^orderNo: /);
  });

  it('checks an IFSC and card digits on binding', () => {
    expect(issuesOf(BankBindPayload, { bankCode: 'SBIN0001234', cardNo: '12345678', confirmCardNo: '12345678' })).toEqual([]);
    expect(issuesOf(BankBindPayload, { bankCode: 'SBIN1001234', cardNo: '12345678', confirmCardNo: '12345678' })).toEqual(['bankCode: bankCode must be an IFSC']);
  });

  it('refuses empty feedback and malformed idempotency keys', () => {
    expect(issuesOf(FeedbackForm, { content: '   ' })).toEqual(['content: content is required']);
    expect(v.is(IdempotencyKey, crypto.randomUUID())).toBe(true);
    expect(v.is(IdempotencyKey, 'short')).toBe(false);
    expect(v.is(IdempotencyKey, 'a'.repeat(129))).toBe(false);
  });
});

describe('contract: a bank of the IFSC finder', () => {
  it("reads the spec's id and bankName, and a code when a backend sends one, leniently", () => {
    const banks = v.parse(BankNameList, [
      { id: 1, bankName: 'State Bank of India' },
      { id: 2, bankName: 'HDFC Bank', bankCode: 'HDFC' },
      { id: 3, bankName: 'ICICI Bank', ifscCode: ' icic0000011 ' },
      { id: 4, bankName: 'Axis Bank', code: 'utib' },
      { id: 5, bankName: 'Bank of Baroda', ifscPrefix: 'BARB', bankCode: 'not a code' },
      { id: 6, bankName: 'Canara Bank', bankCode: 42, code: 'CNRB0' },
      { id: 7, bankName: 'Yes Bank', ifsc: 'YESB0000001' },
    ]);
    expect(banks.map((b) => [b.id, b.code])).toEqual([
      ['1', undefined],
      ['2', 'HDFC'],
      ['3', 'ICIC'],
      ['4', 'UTIB'],
      ['5', 'BARB'],
      ['6', undefined],
      ['7', 'YESB'],
    ]);
    expect(issuesOf(BankNameList, [{ id: 1 }])).toEqual(['0.bankName: Invalid key: Expected "bankName" but received undefined']);
  });
});
