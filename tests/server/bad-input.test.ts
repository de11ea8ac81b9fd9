/**
 * Strings that cannot be stored (NUL, lone UTF-16 surrogates) and other bad input are refused at the
 * boundary with the envelope and a clear msg, never a 500; a database error that input still causes
 * is answered as bad input, while a real fault stays a logged 500. The broad sweep over every
 * endpoint is fuzz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { createApp } from '../../server/src/app';
import type { Db } from '../../server/src/db';
import { BAD_INPUT_MESSAGES, checkStorable, isStorableText, MAX_JSON_DEPTH } from '../../server/src/envelope';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { api, apiForm, fakeImage, freshPhone, signIn, startHarness, type Envelope, type Harness } from './helpers';

let h: Harness;
let token: string;
let phone: string;
beforeAll(async () => {
  h = await startHarness();
  phone = freshPhone();
  ({ token } = await signIn(h, phone));
  for (const type of ['1', '2', '3']) await apiForm(h.app, '/authen/upload', { type, file: fakeImage(5000) }, { token });
});
afterAll(async () => {
  await h.close();
});

const UNSTORABLE: Envelope = { code: 1, msg: BAD_INPUT_MESSAGES.unstorable, data: null };
const BAD = { nul: 'a\u0000b', high: 'a\ud800b', low: '\udc00', reversed: '\udc00\ud800' } as const;

const place = (state: string, district?: string) => {
  const s = INDIAN_STATES.find((x) => x.name === state)!;
  return district === undefined ? String(s.id) : String(s.id * 1000 + s.districts.indexOf(district) + 1);
};
const basic = {
  education: '5',
  maritalStatus: '1',
  residenceType: '2',
  state: place('Karnataka'),
  district: place('Karnataka', 'Bengaluru Urban'),
  address: '12, 4th Cross, Indiranagar',
  pinCode: '560038',
  email: 'asha@example.com',
};
const aadhaar = () => {
  const base = `2${phone.slice(-10)}`;
  return `${base}${verhoeffCheckDigit(base)}`;
};

/** JSON text as a client would send it: JSON.stringify writes a lone surrogate as an escape (\ud800) and NUL as \u0000. */
const post = (path: string, json: unknown, withToken = true) => api(h.app, 'POST', path, { ...(withToken ? { token } : {}), body: JSON.stringify(json) });

describe('the reported 500s are now answered with the envelope', () => {
  it.each(Object.entries(BAD))('%s in base-info, work-info, aadhaar-pan and burying-point (values and keys)', async (_name, bad) => {
    expect(await post('/auth/v1/base-info', { ...basic, address: bad })).toEqual(UNSTORABLE);
    expect(await post('/auth/v1/base-info', { ...basic, [`x${bad}`]: 'y' })).toEqual(UNSTORABLE);
    expect(await post('/auth/v1/work-info', { workState: '3', monthlyIncome: '5000', companyName: bad })).toEqual(UNSTORABLE);
    expect(await post('/auth/v1/kyc-info/aadhaar-pan', { realName: bad, idNo: aadhaar(), panNo: 'ABCPB1234F' })).toEqual(UNSTORABLE);
    expect(await post('/burying-point/v2/burying-point', { projectName: bad, pageName: 'p', behavior: 'b', eventTime: 1 })).toEqual(UNSTORABLE);
    expect(await post('/burying-point/v2/burying-point', { projectName: 'p', pageName: 'p', behavior: 'b', eventTime: 1, value: { deep: [bad] } }, false)).toEqual(UNSTORABLE);
    expect(await post('/auth/v1/contacts', { oneName: bad })).toEqual(UNSTORABLE);
  });

  it('in a query or a path parameter (percent-encoded)', async () => {
    expect(await api(h.app, 'GET', '/sms/v1/sendCode?phone=91987654321%00')).toEqual(UNSTORABLE);
    expect(await api(h.app, 'GET', '/product/v1/product-info?id=1%00', { token })).toEqual(UNSTORABLE);
    expect(await api(h.app, 'GET', '/auth/v1/auth-page-info?type=baseInfo&x=%00', { token })).toEqual(UNSTORABLE);
    expect(await api(h.app, 'GET', '/map-state/v1/district/1%00')).toEqual(UNSTORABLE);
    // Not valid UTF-8 at all: read as the text it is, and refused as what it cannot be.
    expect((await api(h.app, 'GET', '/product/v1/product-info?id=%ED%A0%80', { token })).msg).toBe('Product not found');
    expect((await api(h.app, 'GET', '/map-state/v1/district/%zz')).msg).toBe('State not found');
  });

  it('nothing was stored, and the borrower can go on', async () => {
    const flags = await api(h.app, 'GET', '/auth/v1/find-user-auth', { token });
    expect(flags.data).toMatchObject({ basic: 0, work: 0, kycAadhaarAndPan: 0, contact: 0 });
    expect(await post('/auth/v1/base-info', basic)).toEqual({ code: 0, msg: 'success', data: null });
  });

  it('emoji, Devanagari and SQL-looking text are ordinary text: kept as sent', async () => {
    const event = { projectName: '🏠 घर', pageName: "'; DROP TABLE users; --", behavior: '𝒷', eventTime: 1, value: { note: '👍🏽' } };
    expect(await post('/burying-point/v2/burying-point', event)).toEqual({ code: 0, msg: 'success', data: null });
    const stored = await h.db.query<{ payload: unknown }>('SELECT payload FROM analytics_events ORDER BY id DESC LIMIT 1');
    expect(stored.rows[0]?.payload).toMatchObject(event);
  });

  it(`a body nested deeper than ${MAX_JSON_DEPTH} levels`, async () => {
    let value: unknown = 'x';
    for (let i = 0; i < 2000; i++) value = [value];
    expect(await post('/burying-point/v2/burying-point', { projectName: 'p', pageName: 'p', behavior: 'b', eventTime: 1, value })).toEqual({
      code: 1,
      msg: BAD_INPUT_MESSAGES.tooDeep,
      data: null,
    });
  });
});

describe('the rule', () => {
  it('isStorableText / checkStorable', () => {
    for (const ok of ['', 'plain', '😀', 'a\ud83d\ude00b', 'घर', '\u0001\u007f']) expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of Object.values(BAD)) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    expect(() => checkStorable({ a: [{ b: 'ok' }], c: 1, d: null })).not.toThrow();
    expect(() => checkStorable({ a: [{ b: BAD.nul }] })).toThrow(BAD_INPUT_MESSAGES.unstorable);
    expect(() => checkStorable({ [BAD.high]: 1 })).toThrow(BAD_INPUT_MESSAGES.unstorable);
  });
});

describe('a database error that input causes', () => {
  /** An app whose database query for `table` gets `mangle`d parameters: as if the boundary had let something through. */
  function appWhere(table: string, fault: (params: readonly unknown[]) => readonly unknown[] | never) {
    const logs: string[] = [];
    const db: Db = { ...h.db, query: (sql, params) => h.db.query(sql, sql.includes(table) ? fault(params ?? []) : params) };
    return { app: createApp({ db, clock: h.clock, log: (line) => logs.push(line) }), logs };
  }
  const event = { projectName: 'p', pageName: 'p', behavior: 'b', eventTime: 1 };

  it('is answered as bad input (code 1, HTTP 200) and logged as such', async () => {
    const { app, logs } = appWhere('analytics_events', (params) => params.map((p, i) => (i === 1 ? `${String(p)}\u0000` : p)));
    expect(await api(app, 'POST', '/burying-point/v2/burying-point', { json: event })).toEqual({ code: 1, msg: BAD_INPUT_MESSAGES.unstorableValue, data: null });
    expect(logs.some((l) => l.startsWith('[bad input] POST /api1/burying-point/v2/burying-point: invalid byte sequence'))).toBe(true);
    expect(logs.some((l) => l.startsWith('[error]'))).toBe(false);
  });

  it('a number out of range (SQLSTATE 22003) too', async () => {
    const { app } = appWhere('analytics_events', (params) => params.map((p, i) => (i === 0 ? 99_999_999_999 : p)));
    expect((await api(app, 'POST', '/burying-point/v2/burying-point', { json: event })).msg).toBe(BAD_INPUT_MESSAGES.unstorableValue);
  });

  it('while a real fault is still a 500 with a generic msg, its details in the log', async () => {
    const { app, logs } = appWhere('analytics_events', () => {
      throw new Error('connection lost');
    });
    expect(await api(app, 'POST', '/burying-point/v2/burying-point', { json: event, status: 500 })).toEqual({
      code: 1,
      msg: 'Something went wrong on our side. Please try again.',
      data: null,
    });
    expect(logs.some((l) => l.startsWith('[error] POST /api1/burying-point/v2/burying-point: Error: connection lost'))).toBe(true);
  });
});
