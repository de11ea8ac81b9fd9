/**
 * Every /api1 endpoint, found in the app's own route table (a new endpoint is fuzzed without touching
 * this file), gets bad input of every kind — malformed JSON, wrong types, huge strings, NUL, lone
 * surrogates, emoji, SQL-looking text, wrong content types, bad queries and path parameters, bad
 * headers — without a session, with a valid one and with a bogus one. Every answer must be the
 * envelope (JSON, numeric code, string msg), never a 5xx, and the log must show no fault and no
 * input the boundary let through. In-process (app.request), one PGlite; the counts are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { apiForm, fakeImage, freshPhone, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  const phone = freshPhone();
  ({ token } = await signIn(h, phone));
  // Uploads in place, so the KYC submit gets past them to its fields.
  for (const type of ['1', '2', '3']) await apiForm(h.app, '/authen/upload', { type, file: fakeImage(5000) }, { token });
});
afterAll(async () => {
  await h.close();
});

// ---------- What is sent ----------

const STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udc00y',
  '\udfff\ud800',
  '😀🏽👨‍👩‍👧',
  'घर ৳ 漢字',
  "' OR 1=1; DROP TABLE users; --",
  '"); DELETE FROM sessions; --',
  '%00%ZZ%ED%A0%80',
  '<script>alert(1)</script>',
  '\u202e\u200b\ufeff',
  '',
  ' ',
  'null',
  '1e309',
  '-1',
  '9'.repeat(40),
  'x'.repeat(15_000),
];
const NON_STRINGS: readonly unknown[] = [0, -1, 1.5, 1e308, -0, true, false, null, [], {}, ['a'], { a: 'b' }, [[['deep']]]];
const VALUES: readonly unknown[] = [...STRINGS, ...NON_STRINGS];

/** Field names of the contract's requests (and some of those to come), for bodies and queries. */
const FIELDS = [
  'phone', 'code', 'aadhaar', 'otp', 'realName', 'idNo', 'panNo', 'projectName', 'pageName', 'behavior', 'eventTime', 'value',
  'education', 'maritalStatus', 'residenceType', 'state', 'district', 'address', 'pinCode', 'email', 'workState', 'monthlyIncome',
  'companyName', 'industry', 'designation', 'salaryDay', 'companyState', 'companyDistrict', 'oneName', 'oneMobile', 'oneRelation',
  'type', 'id', 'productId', 'orderId', 'amount', 'period', 'pId', 'stateId', 'cityId', 'extensionId', 'orderRepayId', 'orderNo', 'expectBorrowAmount', 'cardId', 'notNeed',
  'sign', 'deviceId', 'version', 'idfv', 'idfa', 'systemVersion', 'model',
  'gps', 'latitude', 'longitude', 'accordWith', 'content',
];

const MALFORMED_JSON = [
  '',
  '{',
  '{"phone":',
  '{"a":1}{',
  "{'a': 1}",
  'nul',
  'null',
  'true',
  '123',
  '"text"',
  '[]',
  '[{}]',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
  '{"a":"\\x00"}',
  '['.repeat(3000) + ']'.repeat(3000),
  '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
  JSON.stringify({ a: 'x'.repeat(100_000) }),
];

const place = (state: string, district?: string) => {
  const s = INDIAN_STATES.find((x) => x.name === state)!;
  return district === undefined ? String(s.id) : String(s.id * 1000 + s.districts.indexOf(district) + 1);
};
const validAadhaar = `23456789012${verhoeffCheckDigit('23456789012')}`;

/**
 * Valid requests of the endpoints known today: each of their fields in turn gets every bad value,
 * so input reaches the rules behind the schema. Endpoints not listed get the generic cases only.
 */
const SAMPLES: Record<string, Record<string, string | number>> = {
  'POST /api1/user/v1/login': { phone: '919876500001', code: '1234' },
  'POST /api1/auth/v1/base-info': {
    education: '5', maritalStatus: '1', residenceType: '2', state: place('Karnataka'), district: place('Karnataka', 'Bengaluru Urban'),
    address: '12, 4th Cross', pinCode: '560038', email: 'a@example.com',
  },
  'POST /api1/auth/v1/work-info': {
    workState: '1', monthlyIncome: '35000', companyName: 'Infosys', industry: '1', designation: '3', salaryDay: '7',
    companyState: place('Maharashtra'), companyDistrict: place('Maharashtra', 'Pune'),
  },
  'POST /api1/auth/v1/contacts': {
    oneName: 'sunil', oneMobile: '9811111111', oneRelation: '1', twoName: 'ravi', twoMobile: '8822222222', twoRelation: '6',
    thirdName: 'rk', thirdMobile: '7733333333', thirdRelation: '7',
  },
  'POST /api1/auth/v1/kyc-info/aadhaar-pan': { realName: 'Test Borrower', idNo: validAadhaar, panNo: 'ABCPB1234F' },
  'POST /api1/auth/v2/aadhaar/send-otp': { aadhaar: validAadhaar },
  'POST /api1/auth/aadhaar/verify': { aadhaar: validAadhaar, otp: '123456' },
  'POST /api1/burying-point/v2/burying-point': { projectName: 'app', pageName: 'home', behavior: 'view', eventTime: 1_760_000_000_000 },
  'GET /api1/sms/v1/sendCode': { phone: '919876500002' },
  'GET /api1/product/v1/product-info': { id: '1' },
  'GET /api1/auth/kyc-auth-config': { type: '1' },
  'GET /api1/auth/v1/auth-page-info': { type: 'baseInfo' },
  'GET /api1/auth/v2/auth-page-info': { type: 'workInfo' },
};
const FORM_SAMPLES: Record<string, Record<string, string | Blob>> = {
  'POST /api1/authen/upload': { type: '1', file: fakeImage(3000) },
  'POST /api1/auth/v1/ocr-separate': { type: '1', image: fakeImage(3000), notNeed: '1' },
  'POST /api1/auth/v3/living-check': { image: fakeImage(1000) },
};

/** As a query value or a path segment: percent-encoded (lone surrogates as their would-be UTF-8, which is not UTF-8). */
function encoded(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...text].map((ch) => {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  }).join('');
}

const RAW_QUERIES = ['?', '?%', '?%zz=1', '?=1', '?phone', '?phone=%ED%A0%80', '?id=%C0%80', '?id=1&id=2&id=3', '?id[]=1&type[x]=2', `?${'x=1&'.repeat(1500)}`, '?type=1%00', '?phone=+919876543210'];
const RAW_SEGMENTS = ['%zz', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '-1', '0', '1.5', '1e3', '99999999999999999999', 'x'.repeat(3000)];

// ---------- Sending and checking ----------

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
}

/** The /api1 endpoints of the app's route table (middleware are registered as ALL). */
function endpoints(): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const r of h.app.routes) {
    if ((r.method !== 'GET' && r.method !== 'POST') || !r.path.startsWith('/api1/') || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

const byStatus = new Map<number, number>();
let sent = 0;
const failures: string[] = [];

type Session = 'none' | 'valid' | 'bogus';
const SESSIONS: Session[] = ['none', 'valid', 'bogus'];
/** A bogus token has the right form, so it is looked up (and not found). */
const sessionHeaders = (s: Session): Record<string, string> => (s === 'valid' ? { token } : s === 'bogus' ? { token: 'f'.repeat(64) } : {});

async function send(label: string, url: string, init: RequestInit): Promise<void> {
  sent += 1;
  let status = 0;
  try {
    const res = await h.app.request(url, init);
    status = res.status;
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      failures.push(`${label}: HTTP ${status}, not JSON: ${text.slice(0, 80)}`);
      return;
    }
    const env = body as { code?: unknown; msg?: unknown };
    const isEnvelope =
      typeof body === 'object' && body !== null && Object.keys(body).sort().join() === 'code,data,msg' && typeof env.code === 'number' && typeof env.msg === 'string';
    if (!isEnvelope) failures.push(`${label}: HTTP ${status}, not the envelope: ${text.slice(0, 80)}`);
    else if (env.code !== 0 && env.msg === '') failures.push(`${label}: code ${String(env.code)} with an empty msg`);
    if (status >= 500) failures.push(`${label}: HTTP ${status}: ${text.slice(0, 120)}`);
  } catch (error) {
    failures.push(`${label}: threw ${String(error)}`);
  }
}

const json = (session: Session, body: string, contentType = 'application/json', extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { ...sessionHeaders(session), ...(contentType ? { 'content-type': contentType } : {}), ...extra },
  body,
});

function form(session: Session, fields: Record<string, string | Blob>): RequestInit {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return { method: 'POST', headers: sessionHeaders(session), body: data };
}

/** The endpoint's path with each :param replaced by `segment`. */
const withParams = (path: string, segment: string) => path.replace(/:[A-Za-z]+/g, segment);
const SAFE_PARAM = '1';

async function fuzzGet(e: Endpoint, session: Session) {
  const name = `${e.method} ${e.path}`;
  const base = withParams(e.path, SAFE_PARAM);
  await send(`${name} [${session}]`, base, { headers: sessionHeaders(session) });
  for (const q of RAW_QUERIES) await send(`${name} ${q.slice(0, 30)} [${session}]`, `${base}${q}`, { headers: sessionHeaders(session) });
  const names = Object.keys(SAMPLES[name] ?? {});
  for (const value of VALUES) {
    const query = [...new Set([...names, 'phone', 'id', 'type', 'orderId'])].map((k) => `${k}=${encoded(value)}`).join('&');
    await send(`${name} ?all=${JSON.stringify(value).slice(0, 20)} [${session}]`, `${base}?${query}`, { headers: sessionHeaders(session) });
  }
  if (e.path.includes(':')) {
    for (const segment of [...RAW_SEGMENTS, ...STRINGS.map(encoded)]) {
      await send(`${name} /${segment.slice(0, 20)} [${session}]`, withParams(e.path, segment), { headers: sessionHeaders(session) });
    }
  }
  // The other method on a GET endpoint.
  await send(`${name} as POST [${session}]`, base, json(session, '{"a":1}'));
}

async function fuzzPost(e: Endpoint, session: Session) {
  const name = `${e.method} ${e.path}`;
  const path = withParams(e.path, SAFE_PARAM);
  for (const body of MALFORMED_JSON) await send(`${name} body ${body.slice(0, 20)} [${session}]`, path, json(session, body));
  for (const value of VALUES) {
    await send(`${name} all=${JSON.stringify(value).slice(0, 20)} [${session}]`, path, json(session, JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])))));
  }
  // Wrong content types, and none.
  const sample = JSON.stringify(SAMPLES[name] ?? { a: 1 });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/json; charset=utf-16', '']) {
    await send(`${name} as ${type || 'no type'} [${session}]`, path, json(session, type.startsWith('application/x-www') ? 'a=1&phone=%00' : sample, type));
  }
  await send(`${name} form of bad values [${session}]`, path, form(session, Object.fromEntries(FIELDS.map((f) => [f, 'a\u0000b']))));
  await send(`${name} form with a text for a file [${session}]`, path, form(session, { type: '1', file: 'x\ud800', image: '😀' }));
  // Bad headers the server reads.
  for (const key of ['x', 'y'.repeat(300), 'has spaces', 'ÿÿÿÿÿÿÿÿ']) await send(`${name} Idempotency-Key ${key.slice(0, 10)} [${session}]`, path, json(session, sample, 'application/json', { 'Idempotency-Key': key }));
  if (e.path.includes(':')) {
    for (const segment of RAW_SEGMENTS) await send(`${name} /${segment.slice(0, 20)} [${session}]`, withParams(e.path, segment), json(session, sample));
  }
  // The other method on a POST endpoint.
  await send(`${name} as GET [${session}]`, `${path}?a=%00`, { headers: sessionHeaders(session) });
}

/** Each field of a known endpoint's valid request, in turn, gets each bad value (with the valid session). */
async function fuzzSample(e: Endpoint) {
  const name = `${e.method} ${e.path}`;
  const sample = SAMPLES[name];
  if (sample) {
    for (const field of Object.keys(sample)) {
      for (const value of VALUES) {
        const label = `${name} ${field}=${JSON.stringify(value).slice(0, 20)}`;
        const bad = { ...sample, [field]: value };
        if (e.method === 'POST') await send(label, withParams(e.path, SAFE_PARAM), json('valid', JSON.stringify(bad)));
        else {
          const query = Object.entries(bad).map(([k, v]) => `${k}=${encoded(v)}`).join('&');
          await send(label, `${withParams(e.path, SAFE_PARAM)}?${query}`, { headers: sessionHeaders('valid') });
        }
      }
    }
  }
  const formSample = FORM_SAMPLES[name];
  if (formSample) {
    for (const field of Object.keys(formSample)) {
      for (const value of STRINGS) await send(`${name} form ${field}=${JSON.stringify(value).slice(0, 20)}`, withParams(e.path, SAFE_PARAM), form('valid', { ...formSample, [field]: value }));
    }
  }
}

describe('fuzz every /api1 endpoint', () => {
  it('answers every malformed request with the envelope, never a 5xx', async () => {
    // The call that ends the session it is sent with (Quit) goes last, so every other gets the valid one.
    const all = endpoints().sort((a, b) => Number(a.path === `/api1${BEYOND_SPEC.logout.path}`) - Number(b.path === `/api1${BEYOND_SPEC.logout.path}`));
    // The table is where new endpoints come from: it must hold today's at least.
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all.map((e) => `${e.method} ${e.path}`)).toEqual(expect.arrayContaining(Object.keys(SAMPLES)));

    const started = Date.now();
    for (const e of all) {
      for (const session of SESSIONS) await (e.method === 'GET' ? fuzzGet(e, session) : fuzzPost(e, session));
      await fuzzSample(e);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const fives = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, count]) => n + count, 0);
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.log(`fuzz: ${all.length} endpoints, ${sent} requests in ${seconds} s; by status ${statuses}; 5xx: ${fives}`);

    expect(failures.slice(0, 20)).toEqual([]);
    expect(fives).toBe(0);
    // No fault, and no input that reached the database before being refused.
    expect(h.logs.filter((l) => l.startsWith('[error]') || l.startsWith('[bad input]')).map((l) => l.split('\n')[0])).toEqual([]);
  }, 120_000);
});
