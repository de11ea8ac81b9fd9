/**
 * Hindi content (docs/sandbox/content.md): the sandbox answers its content
 * in Hindi when Accept-Language prefers Hindi, in English otherwise; every such answer says
 * `Vary: Accept-Language`; choice values, names, numbers and error messages are the same in both.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AboutUs, ClientConfig, HelpList } from '../../contract/content';
import { HomeResponse } from '../../contract/home';
import { Order, OrderList } from '../../contract/orders';
import { ProductInfo } from '../../contract/products';
import { AuthPageInfo, KycAuthConfig, VerificationStatus, WorkPageInfo } from '../../contract/verification';
import { BASE_INFO_FIELDS, CONTACT_INFO_FIELDS, FIELD_TEXT_HI, WORK_INFO_FIELDS } from '../../server/src/domain/verification-fields';
import { extensionFields, type LatestExtension } from '../../server/src/domain/extension';
import { ORDER_STATE } from '../../server/src/domain/orders';
import { parseAcceptLanguage, preferredLanguage } from '../../server/src/language';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { ABOUT_US, ABOUT_US_HI, FAQ, FAQ_HI } from '../../server/src/routes/client';
import { PRODUCT_TEXT_HI, PRODUCTS } from '../../server/src/seed';
import { api, newBorrower, parsed, signIn, startHarness, type Harness } from './helpers';

/** What the app sends (src/api/headers.ts). */
const APP_HINDI = 'hi-IN, hi;q=0.9, en;q=0.5';
const APP_ENGLISH = 'en-IN, en;q=0.9';
const hindi = { 'Accept-Language': APP_HINDI };
const english = { 'Accept-Language': APP_ENGLISH };

/** Devanagari: the text is (at least partly) written in Hindi. */
const DEVANAGARI = /[\u0900-\u097F]/;

let h: Harness;
let meera: string;
beforeAll(async () => {
  h = await startHarness();
  meera = (await signIn(h, '919000000003')).token;
});
afterAll(async () => {
  await h.close();
});

/** GET /api1<path> with these headers: the HTTP answer and its envelope. */
async function get(path: string, headers: Record<string, string> = {}, token?: string) {
  const res = await h.app.request(`/api1${path}`, { headers: { ...headers, ...(token ? { token } : {}) } });
  expect(res.status, path).toBe(200);
  const env = (await res.json()) as { code: number; msg: string; data: unknown };
  return { res, env };
}

/** The data of path in Hindi and in English (the app's own headers), parsed with the contract's schema, each answer checked for Vary. */
async function both<S extends v.GenericSchema>(schema: S, path: string, token?: string) {
  const out = {} as Record<'hi' | 'en' | 'none', v.InferOutput<S>>;
  for (const [lang, headers] of [['hi', hindi], ['en', english], ['none', {}]] as const) {
    const { res, env } = await get(path, headers, token);
    expect(res.headers.get('vary') ?? '', `${path} ${lang}`).toMatch(/(^|,\s*)Accept-Language(\s*,|$)/);
    expect(res.headers.get('content-language'), `${path} ${lang}`).toBe(lang === 'hi' ? 'hi' : 'en');
    expect(res.headers.get('cache-control')).toBe('no-store');
    out[lang] = parsed(schema, env);
  }
  expect(out.none, `${path}: no header is English`).toEqual(out.en);
  return out;
}

// ---------- Parsing Accept-Language ----------

describe('Accept-Language', () => {
  it("the app's two headers: Hindi and English", () => {
    expect(preferredLanguage(APP_HINDI)).toBe('hi');
    expect(preferredLanguage(APP_ENGLISH)).toBe('en');
  });

  it('absent, empty or naming neither language: English', () => {
    for (const header of [undefined, null, '', '   ', 'fr', 'fr-FR, de;q=0.8', 'ta-IN, te;q=0.9', '*', 'hin', 'h', 'en-hi']) expect(preferredLanguage(header), String(header)).toBe('en');
  });

  it("'hi', 'hi-IN' and any casing or script subtag are Hindi", () => {
    for (const header of ['hi', 'hi-IN', 'HI-in', 'Hi', 'hi-Deva-IN', ' hi-IN ', 'fr, hi;q=0.5']) expect(preferredLanguage(header), header).toBe('hi');
  });

  it('q-values decide, whatever the order; a tie goes to the one named first', () => {
    expect(preferredLanguage('en;q=0.5, hi;q=0.8')).toBe('hi');
    expect(preferredLanguage('hi;q=0.4, en')).toBe('en');
    expect(preferredLanguage('hi;q=0.4, en-IN;q=0.41')).toBe('en');
    expect(preferredLanguage('en-GB;q=0.7, hi-IN;q=0.700')).toBe('en');
    expect(preferredLanguage('hi-IN;q=0.7, en-GB;q=0.7')).toBe('hi');
    expect(preferredLanguage('hi, en')).toBe('hi');
    expect(preferredLanguage('en, hi')).toBe('en');
    expect(preferredLanguage('hi ; q=0.9 , en ; q=0.8')).toBe('hi');
    expect(preferredLanguage('hi;Q=1, en;q=0.8')).toBe('hi');
  });

  it('q=0 means not acceptable; the most specific range outranks *', () => {
    expect(preferredLanguage('hi;q=0')).toBe('en');
    expect(preferredLanguage('hi;q=0, *')).toBe('en');
    expect(preferredLanguage('hi-IN;q=0, en;q=0')).toBe('en');
    expect(preferredLanguage('*;q=0.5, hi;q=0.1')).toBe('en');
    expect(preferredLanguage('*;q=0.1, hi;q=0.5')).toBe('hi');
    expect(preferredLanguage('en;q=0, *')).toBe('hi');
    // The best of several ranges of one language counts.
    expect(preferredLanguage('hi-IN;q=0.2, hi;q=0.9, en;q=0.5')).toBe('hi');
  });

  it('malformed entries are skipped, never a fault', () => {
    for (const header of ['hi;q=2', 'hi;q=1.5', 'hi;q=-1', 'hi;q=abc', 'hi;q=0.1234', 'hi;q=', 'h!i', 'hi-', '-hi', 'hi--IN', ';;;', ',,,', 'hi\u0000']) {
      expect(preferredLanguage(header), header).toBe('en');
    }
    expect(preferredLanguage('hi;q=2, en;q=0.1')).toBe('en');
    expect(preferredLanguage('x y z, hi-IN;q=0.9')).toBe('hi');
    expect(preferredLanguage('hi;level=1;q=0.9, en;q=0.8')).toBe('hi');
    expect(preferredLanguage(`${'en;q=0.1,'.repeat(10_000)}hi`)).toBe('en'); // read up to a bound: the late 'hi' is not seen
    expect(parseAcceptLanguage(APP_HINDI)).toEqual([
      { range: 'hi-in', q: 1, index: 0 },
      { range: 'hi', q: 0.9, index: 1 },
      { range: 'en', q: 0.5, index: 2 },
    ]);
  });
});

// ---------- Each content call ----------

describe('content in both languages', () => {
  it('FAQ: the same number of questions, Hindi text, the literal <b>, numbers and contacts kept', async () => {
    const faq = await both(HelpList, '/client/v1/faq');
    expect(faq.en).toEqual(FAQ);
    expect(faq.hi).toEqual(FAQ_HI);
    expect(faq.hi).toHaveLength(faq.en.length);
    for (const item of faq.hi) {
      expect(item.title).toMatch(DEVANAGARI);
      expect(item.content).toMatch(DEVANAGARI);
    }
    expect(faq.hi.some((f) => f.content.includes('<b>') && f.content.includes('</b>'))).toBe(true);
    const hiText = faq.hi.map((f) => f.content).join(' ');
    for (const kept of ['18%', '₹800', '₹144', '₹15,000', '+91 80 4718 2000', 'support@borrower.example', '24', '15']) expect(hiText).toContain(kept);
  });

  it('About us: the app name is the same brand in both; the text is Hindi and names the lender', async () => {
    const about = await both(AboutUs, '/client/v1/about-us');
    expect(about.en).toEqual(ABOUT_US);
    expect(about.hi).toEqual(ABOUT_US_HI);
    expect(about.hi.appName).toBe(about.en.appName);
    expect(about.hi.copywriting).toMatch(DEVANAGARI);
    expect(about.hi.copywriting).toContain('Sandbox Finance Private Limited');
    expect(about.hi.copywriting).toContain('18% GST');
  });

  it('basic-info form: titles, placeholders and choices in Hindi; the same fields, values and rules', async () => {
    const form = await both(AuthPageInfo, '/auth/v1/auth-page-info?type=baseInfo', meera);
    expect(form.en).toEqual(v.parse(AuthPageInfo, BASE_INFO_FIELDS));
    sameExceptTexts(form.en, form.hi);
    translated(form.en, form.hi, ['email']); // the e-mail placeholder is an address, the same in both
    expect(form.hi.find((f) => f.value === 'education')?.dictionaryVoList.map((d) => d.dictLabel)).toContain('ग्रेजुएट');
  });

  it('work-info form: both groups in Hindi, the same fields and values', async () => {
    const form = await both(WorkPageInfo, '/auth/v2/auth-page-info?type=workInfo', meera);
    expect(form.en).toEqual(v.parse(WorkPageInfo, WORK_INFO_FIELDS));
    for (const group of ['cannotHidden', 'canHidden'] as const) {
      sameExceptTexts(form.en[group], form.hi[group]);
      translated(form.en[group], form.hi[group]);
    }
    const workState = form.hi.cannotHidden.find((f) => f.value === 'workState');
    expect(workState?.dictionaryVoList.map((d) => d.dictValue)).toEqual(['1', '2', '3']);
  });

  it('emergency contacts: the relation choices in Hindi, with the values 1–7 of the English list', async () => {
    const form = await both(AuthPageInfo, '/auth/v1/auth-page-info?type=contactInfo', meera);
    expect(form.en).toEqual(v.parse(AuthPageInfo, CONTACT_INFO_FIELDS));
    sameExceptTexts(form.en, form.hi);
    translated(form.en, form.hi);
    const relations = (f: typeof form.en) => f[0]!.dictionaryVoList.map((d) => [d.dictValue, d.dictLabel]);
    expect(relations(form.en)).toEqual([['1', 'Parents'], ['2', 'Spouse'], ['3', 'Sibling'], ['4', 'Child'], ['5', 'Relative'], ['6', 'Friend'], ['7', 'Colleague']]);
    expect(relations(form.hi).map(([value]) => value)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(relations(form.hi)[0]).toEqual(['1', 'माता-पिता']);
  });

  it('every field the sandbox defines has its Hindi, with one label per choice', () => {
    for (const f of [...BASE_INFO_FIELDS, ...WORK_INFO_FIELDS.cannotHidden, ...WORK_INFO_FIELDS.canHidden, ...CONTACT_INFO_FIELDS]) {
      const hi = FIELD_TEXT_HI[f.value];
      expect(hi, f.value).toBeDefined();
      expect(hi?.choices?.length ?? 0, f.value).toBe(f.dictionaryVoList.length);
    }
  });

  it('verification steps and KYC page titles', async () => {
    const status = await both(VerificationStatus, '/auth/v1/find-user-auth', meera);
    const names = (s: typeof status.en) => s.userAuthConfigVoList.map((x) => [x.key, x.name]);
    expect(names(status.en)).toEqual([['identity', 'Aadhaar & PAN'], ['face', 'Face verification'], ['basic', 'Basic information'], ['work', 'Work information'], ['contacts', 'Emergency contacts']]);
    expect(names(status.hi)).toEqual([['identity', 'आधार और पैन'], ['face', 'फ़ेस वेरिफ़िकेशन'], ['basic', 'बुनियादी जानकारी'], ['work', 'काम की जानकारी'], ['contacts', 'इमरजेंसी कॉन्टैक्ट']]);
    expect({ ...status.hi, userAuthConfigVoList: [] }).toEqual({ ...status.en, userAuthConfigVoList: [] });

    const kyc = await both(KycAuthConfig, '/auth/kyc-auth-config?type=1', meera);
    expect(kyc.en.KycPageInfoVo.map((p) => p.title)).toEqual(['Aadhaar front', 'Aadhaar back', 'PAN card']);
    expect(kyc.hi.KycPageInfoVo.map((p) => p.title)).toEqual(['आधार कार्ड (आगे का हिस्सा)', 'आधार कार्ड (पीछे का हिस्सा)', 'पैन कार्ड']);
    expect(kyc.hi.KycPageInfoVo.map((p) => p.photoType)).toEqual(kyc.en.KycPageInfoVo.map((p) => p.photoType));
  });

  it("home: the in-progress buttons' words in Hindi; products, names, amounts and states the same", async () => {
    const home = await both(HomeResponse, '/home/v1/index', meera);
    expect(home.en.undwayList.map((o) => o.fullButtonName).sort()).toEqual(['Get money', 'In review', 'Repay', 'Repay now']);
    const hiButtons = Object.fromEntries(home.hi.undwayList.map((o) => [o.orderState, o.fullButtonName]));
    expect(hiButtons).toEqual({ 1: 'जाँच चल रही है', 2: 'पैसे पाएँ', 6: 'चुकाएँ', 8: 'अभी चुकाएँ' });
    const withoutButtons = (x: typeof home.en) => ({ ...x, undwayList: x.undwayList.map((o) => ({ ...o, fullButtonName: '' })) });
    expect(withoutButtons(home.hi)).toEqual(withoutButtons(home.en));
  });

  it('product detail: slogan, processing time, section titles and lines in Hindi; name, amounts and rates the same', async () => {
    for (const p of PRODUCTS) {
      const info = await both(ProductInfo, `/product/v1/product-info?id=${p.id}`, meera);
      expect(info.en.slogan).toBe(p.slogan);
      expect(info.en.detail).toEqual([
        { title: 'Product Eligibility', content: p.eligibility },
        { title: 'Requirement', content: p.requirements },
      ]);
      expect(info.hi.slogan).toBe(PRODUCT_TEXT_HI[p.slogan]);
      expect(info.hi.loanProcessingTime).toBe(PRODUCT_TEXT_HI[p.loanProcessingTime]);
      expect(info.hi.detail.map((d) => d.title)).toEqual(['कौन ले सकता है', 'क्या-क्या चाहिए']);
      for (const line of [info.hi.slogan, info.hi.loanProcessingTime, ...info.hi.detail.flatMap((d) => d.content)]) expect(line, `${p.name}: ${line}`).toMatch(DEVANAGARI);
      expect(info.hi.detail.map((d) => d.content.length)).toEqual(info.en.detail.map((d) => d.content.length));
      const numbers = (x: typeof info.en) => ({ ...x, slogan: '', loanProcessingTime: '', detail: [] });
      expect(numbers(info.hi)).toEqual(numbers(info.en));
      expect((info.hi as unknown as { name: string }).name).toBe(p.name);
    }
  });

  it("order detail: the extension's words in Hindi (the rest is data); the order list has no content to translate", async () => {
    const list = parsed(OrderList, (await get('/order/v1/list', hindi, meera)).env);
    for (const o of list) {
      const detail = await both(Order, `/order/v1/detail?orderId=${o.orderId}`, meera);
      expect({ ...detail.hi, extensionMsg: '' }).toEqual({ ...detail.en, extensionMsg: '' });
    }
    const applied: LatestExtension = {
      ext_state: 'applied',
      ext_gross: 2000,
      ext_repaid_counted: 0,
      ext_fee_paid: 0,
      ext_window_ends_at: new Date('2026-03-01T06:30:00Z'),
      ext_new_due_at: new Date('2026-03-10T06:30:00Z'),
      ext_paid_once: false,
    };
    const en = extensionFields(ORDER_STATE.extension, applied);
    const hi = extensionFields(ORDER_STATE.extension, applied, 'hi');
    expect(en.extensionMsg).toMatch(/^Extension applied: pay ₹[\d,]+ by 1 Mar 2026, 12:00 IST or it fails$/);
    expect(hi.extensionMsg).toMatch(DEVANAGARI);
    expect(hi.extensionMsg).toContain('1 मार्च 2026, 12:00 IST');
    expect(hi.extensionMsg).toContain(en.extensionMsg.match(/₹[\d,]+/)![0]);
    expect({ ...hi, extensionMsg: '' }).toEqual({ ...en, extensionMsg: '' });
    const paid = extensionFields(ORDER_STATE.loaned, { ...applied, ext_state: 'paid', ext_paid_once: true }, 'hi');
    expect(paid.extensionMsg).toContain('10 मार्च 2026');
    for (const state of ['failed', 'abandoned'] as const) expect(extensionFields(ORDER_STATE.loaned, { ...applied, ext_state: state }, 'hi').extensionMsg).toMatch(DEVANAGARI);
  });
});

// ---------- What stays the same ----------

describe('what does not change with the language', () => {
  it('an answer saved from the Hindi form is the same codes, and reads in the English form', async () => {
    const b = await newBorrower(h);
    const hiForm = parsed(AuthPageInfo, (await get('/auth/v1/auth-page-info?type=baseInfo', hindi, b.token)).env);
    const enForm = parsed(AuthPageInfo, (await get('/auth/v1/auth-page-info?type=baseInfo', english, b.token)).env);
    const choose = (value: string, label: string) => hiForm.find((f) => f.value === value)!.dictionaryVoList.find((d) => d.dictLabel === label)!.dictValue;
    const karnataka = INDIAN_STATES.find((s) => s.name === 'Karnataka')!;
    const answers = {
      education: choose('education', 'ग्रेजुएट'),
      maritalStatus: choose('maritalStatus', 'विवाहित'),
      residenceType: choose('residenceType', 'किराये का घर'),
      state: String(karnataka.id),
      district: String(karnataka.id * 1000 + 1),
      address: '12, 4th Cross, Indiranagar',
      pinCode: '560038',
      email: 'asha@example.com',
    };
    const env = await api(h.app, 'POST', '/auth/v1/base-info', { token: b.token, json: answers, headers: hindi });
    expect(env).toEqual({ code: 0, msg: 'success', data: null });
    const saved = await h.db.query<{ answers: Record<string, string> }>("SELECT answers FROM verification_answers WHERE user_id = $1 AND step = 'basic'", [b.userId]);
    expect(saved.rows[0]?.answers).toEqual(answers);
    const label = (value: string, code: string | undefined) => enForm.find((f) => f.value === value)!.dictionaryVoList.find((d) => d.dictValue === code)?.dictLabel;
    expect([label('education', saved.rows[0]?.answers.education), label('maritalStatus', saved.rows[0]?.answers.maritalStatus), label('residenceType', saved.rows[0]?.answers.residenceType)]).toEqual([
      'Graduate',
      'Married',
      'Rented',
    ]);
  });

  it('contacts chosen from the Hindi relations are accepted with their codes', async () => {
    const b = await newBorrower(h);
    const form = parsed(AuthPageInfo, (await get('/auth/v1/auth-page-info?type=contactInfo', hindi, b.token)).env);
    const code = (label: string) => form[0]!.dictionaryVoList.find((d) => d.dictLabel === label)!.dictValue;
    const contacts = {
      oneName: 'sunil', oneMobile: '9811111111', oneRelation: code('माता-पिता'),
      twoName: 'meena', twoMobile: '8822222222', twoRelation: code('दोस्त'),
      thirdName: 'r.k.', thirdMobile: '7733333333', thirdRelation: code('साथ काम करने वाले'),
    };
    expect([contacts.oneRelation, contacts.twoRelation, contacts.thirdRelation]).toEqual(['1', '6', '7']);
    expect(await api(h.app, 'POST', '/auth/v1/contacts', { token: b.token, json: contacts, headers: hindi })).toEqual({ code: 0, msg: 'success', data: null });
  });

  it('error messages stay English in a Hindi request', async () => {
    const b = await newBorrower(h);
    const env = await api(h.app, 'POST', '/auth/v1/base-info', { token: b.token, json: { education: '99' }, headers: hindi });
    expect(env.code).toBe(1);
    expect(env.msg).toBe('Please check the highlighted fields');
    const columns = (env.data as { errorColumn: { column: string; msg: string }[] }).errorColumn;
    expect(columns.find((e) => e.column === 'education')?.msg).toBe('Please choose your education from the list');
    for (const e of columns) expect(e.msg).not.toMatch(DEVANAGARI);
    expect(await api(h.app, 'GET', '/product/v1/product-info?id=999', { token: b.token, headers: hindi })).toEqual({ code: 1, msg: 'Product not found', data: null });
    expect(await api(h.app, 'GET', '/client/v1/faq', { headers: { ...hindi, token: 'f'.repeat(64) } })).toMatchObject({ code: 0 });
    expect(await api(h.app, 'GET', '/home/v1/index', { headers: hindi })).toMatchObject({ code: -4 });
  });

  it('data is one answer for every language: the client config, states and districts carry no Vary: Accept-Language', async () => {
    for (const path of ['/client/v1/config', '/map-state/v1/list']) {
      const hi = await get(path, hindi);
      const en = await get(path, english);
      expect(hi.env).toEqual(en.env);
      expect(hi.res.headers.get('vary') ?? '').not.toMatch(/accept-language/i);
    }
    parsed(ClientConfig, (await get('/client/v1/config', hindi)).env);
  });

  it('Vary lists Accept-Language beside Accept-Encoding when the answer is compressed', async () => {
    const res = await h.app.request('/api1/client/v1/faq', { headers: { ...hindi, 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const vary = (res.headers.get('vary') ?? '').split(',').map((x) => x.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['accept-language', 'accept-encoding']));
    expect(vary.filter((x) => x === 'accept-language')).toHaveLength(1);
  });

  it('odd Accept-Language headers never fault a content call: they are answered in English', async () => {
    const odd = ['', '*', 'hi;q=9', 'x'.repeat(10_000), 'hiÿ', 'hi;q=0.9;q=0.1, en;q=0.95', ';q=1', 'en;q=0.1,'.repeat(2_000) + 'hi'];
    for (const header of odd) {
      const { env } = await get('/client/v1/faq', { 'Accept-Language': header });
      expect(env.code, header.slice(0, 20)).toBe(0);
      expect(env.data, header.slice(0, 20)).toEqual(FAQ);
    }
  });
});

/** The two forms are the same fields with the same values, types, rules and choice codes: only titles, placeholders and choice labels differ. */
function sameExceptTexts(en: readonly v.InferOutput<typeof AuthPageInfo>[number][], hi: readonly v.InferOutput<typeof AuthPageInfo>[number][]) {
  const shape = (fields: typeof en) => fields.map((f) => ({ ...f, key: '', label: '', dictionaryVoList: f.dictionaryVoList.map((d) => ({ ...d, dictLabel: '' })) }));
  expect(shape(hi)).toEqual(shape(en));
}

/** Every title, placeholder and choice label of the Hindi form is Hindi (but for the fields named). */
function translated(en: readonly v.InferOutput<typeof AuthPageInfo>[number][], hi: readonly v.InferOutput<typeof AuthPageInfo>[number][], placeholdersKept: string[] = []) {
  hi.forEach((f, i) => {
    expect(f.key, f.value).toMatch(DEVANAGARI);
    if (placeholdersKept.includes(f.value)) expect(f.label).toBe(en[i]!.label);
    else expect(f.label, f.value).toMatch(DEVANAGARI);
    for (const d of f.dictionaryVoList) expect(d.dictLabel, `${f.value} ${d.dictValue}`).toMatch(/[\u0900-\u097F]|^(PG|IT|PSU)\b/);
  });
}
