/**
 * The verification journey on the sandbox: the step router's status and the flags that flip,
 * step order and KYC variant per persona and via POST /sandbox/api/verification, the field definitions,
 * states and districts, and the basic-info, work-info and contacts forms. Uploads, OCR, Aadhaar OTP and
 * the face check: verification-kyc.test.ts.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ignored } from '../../contract/common';
import { AuthPageInfo, ErrorColumns, KycAuthConfig, PlaceList, VerificationStatus, WorkPageInfo, type AuthPageField } from '../../contract/verification';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { api, freshPhone, parsed, signIn, startHarness, type Envelope, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const status = async (token: string) => parsed(VerificationStatus, await api(h.app, 'GET', '/auth/v1/find-user-auth', { token }));
const keys = (s: { userAuthConfigVoList: { key: string }[] }) => s.userAuthConfigVoList.map((e) => e.key);
const flags = (s: Record<string, unknown>) => ({
  basic: s.basic,
  work: s.work,
  kycAadhaarAndPan: s.kycAadhaarAndPan,
  kycFaceAndHold: s.kycFaceAndHold,
  contact: s.contact,
});
const answersOf = async (phone: string, step: string) =>
  (
    await h.db.query<{ answers: Record<string, string> }>(
      'SELECT a.answers FROM verification_answers a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.step = $2',
      [phone, step],
    )
  ).rows[0]?.answers;
const NONE = { basic: 0, work: 0, kycAadhaarAndPan: 0, kycFaceAndHold: 0, contact: 0 };
const ALL = { basic: 1, work: 1, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 1 };
const DEFAULT_ORDER = ['identity', 'face', 'basic', 'work', 'contacts'];

async function control(body: unknown, expected = 200): Promise<Record<string, unknown>> {
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(expected);
  return (await res.json()) as Record<string, unknown>;
}

/** The failed form's errorColumn entries, with the shape checked (the client's schema, and column named). */
function errorColumns(env: Envelope): { column: string; msg: string }[] {
  expect(env.code).toBe(1);
  expect(env.msg).toBe('Please check the highlighted fields');
  const data = v.parse(ErrorColumns, env.data);
  expect(data.errorColumn.length).toBeGreaterThan(0);
  for (const c of data.errorColumn) {
    expect(Object.keys(c).sort()).toEqual(['column', 'msg']);
    expect(c.msg).not.toBe('');
  }
  return data.errorColumn as { column: string; msg: string }[];
}

describe('find-user-auth: steps and flags', () => {
  it('needs a session', async () => {
    expect((await api(h.app, 'GET', '/auth/v1/find-user-auth')).code).toBe(-4);
  });

  it('a new borrower: the default order identity, face, basic, work, contacts, each with a name, nothing done', async () => {
    const { token } = await signIn(h, freshPhone());
    const env = await api(h.app, 'GET', '/auth/v1/find-user-auth', { token });
    const s = parsed(VerificationStatus, env);
    expect(keys(s)).toEqual(DEFAULT_ORDER);
    expect(flags(s)).toEqual(NONE);
    // Exactly the contract's shape.
    const data = env.data as { userAuthConfigVoList: { key: string; name: string }[] };
    expect(Object.keys(data).sort()).toEqual(['basic', 'contact', 'kycAadhaarAndPan', 'kycFaceAndHold', 'userAuthConfigVoList', 'work']);
    for (const e of data.userAuthConfigVoList) {
      expect(Object.keys(e).sort()).toEqual(['key', 'name']);
      expect(e.name.length).toBeGreaterThan(3);
    }
  });

  it('personas: Ravi, Meera, Kiran fully verified; Asha not (upload); Vikram not (Aadhaar OTP); Sunita her own order with living-hold', async () => {
    for (const phone of ['919000000002', '919000000003', '919000000004']) {
      const s = await status((await signIn(h, phone)).token);
      expect(flags(s), phone).toEqual(ALL);
      expect(keys(s)).toEqual(DEFAULT_ORDER);
    }
    const kyc = async (token: string) => parsed(KycAuthConfig, await api(h.app, 'GET', '/auth/kyc-auth-config?type=1', { token }));
    const hold = async (token: string) => (await api(h.app, 'GET', '/auth/v1/living-check-config', { token })).data;

    const asha = (await signIn(h, '919000000001')).token;
    expect(flags(await status(asha))).toEqual(NONE);
    expect(keys(await status(asha))).toEqual(DEFAULT_ORDER);
    expect((await kyc(asha)).KycPageInfoVo.map((e) => e.photoType)).toEqual(['1', '2', '3']);
    expect(await hold(asha)).toEqual({ 'living-config': 0 });

    const vikram = (await signIn(h, '919000000005')).token;
    expect(flags(await status(vikram))).toEqual(NONE);
    expect(keys(await status(vikram))).toEqual(DEFAULT_ORDER);
    const vikramKyc = await api(h.app, 'GET', '/auth/kyc-auth-config?type=1', { token: vikram });
    expect(vikramKyc.data).toEqual({ KycPageInfoVo: [{ title: 'Aadhaar' }, { title: 'PAN' }] });
    expect(await hold(vikram)).toEqual({ 'living-config': 0 });

    const sunita = (await signIn(h, '919000000006')).token;
    expect(keys(await status(sunita))).toEqual(['basic', 'work', 'contacts', 'identity', 'face']);
    expect(flags(await status(sunita))).toEqual(NONE);
    expect((await kyc(sunita)).KycPageInfoVo[0]?.photoType).toBe('1');
    expect(await hold(sunita)).toEqual({ 'living-config': 1 });
  });

  it('kyc-auth-config: the upload variant names front, back and PAN with photoType 1, 2, 3; type must be 1', async () => {
    const { token } = await signIn(h, freshPhone());
    const env = await api(h.app, 'GET', '/auth/kyc-auth-config?type=1', { token });
    expect(env.data).toEqual({
      KycPageInfoVo: [
        { photoType: 1, title: 'Aadhaar front' },
        { photoType: 2, title: 'Aadhaar back' },
        { photoType: 3, title: 'PAN card' },
      ],
    });
    expect((await api(h.app, 'GET', '/auth/kyc-auth-config?type=2', { token })).msg).toBe('type must be 1');
    expect((await api(h.app, 'GET', '/auth/kyc-auth-config?type=1')).code).toBe(-4);
  });
});

describe('POST /sandbox/api/verification (QA and e2e control)', () => {
  it('sets the variant, step order and living-hold of a new number (creating the borrower), and GET shows it', async () => {
    const phone = freshPhone();
    const set = await control({ phone, kycVariant: 'otp', stepOrder: ['basic', 'identity'], livingHold: true });
    expect(set).toEqual({
      phone,
      kycVariant: 'otp',
      stepOrder: ['basic', 'identity'],
      livingHold: true,
      flags: NONE,
      aadhaarVerified: null,
    });
    const { token, isRegister } = await signIn(h, phone);
    expect(isRegister).toBe(0);
    expect(keys(await status(token))).toEqual(['basic', 'identity']);
    expect((await api(h.app, 'GET', '/auth/kyc-auth-config?type=1', { token })).data).toEqual({ KycPageInfoVo: [{ title: 'Aadhaar' }, { title: 'PAN' }] });
    expect((await api(h.app, 'GET', '/auth/v1/living-check-config', { token })).data).toEqual({ 'living-config': 1 });

    const shown = await h.app.request(`/sandbox/api/verification?phone=${phone}`);
    expect(await shown.json()).toEqual(set);
    expect((await h.app.request(`/sandbox/api/verification?phone=${freshPhone()}`)).status).toBe(404);
    expect((await h.app.request('/sandbox/api/verification?phone=123')).status).toBe(400);
  });

  it('flags can be set, and reset puts the borrower back at the start with the persona’s own setup', async () => {
    const sunita = '919000000006';
    const token = (await signIn(h, sunita)).token;
    await control({ phone: sunita, flags: { basic: 1, work: 1 }, stepOrder: ['identity'] });
    let s = await status(token);
    expect(flags(s)).toEqual({ ...NONE, basic: 1, work: 1 });
    expect(keys(s)).toEqual(['identity']);
    const reset = await control({ phone: sunita, reset: true });
    expect(reset).toMatchObject({ stepOrder: ['basic', 'work', 'contacts', 'identity', 'face'], livingHold: true, kycVariant: 'upload', flags: NONE });
    s = await status(token);
    expect(keys(s)).toEqual(['basic', 'work', 'contacts', 'identity', 'face']);
    expect(flags(s)).toEqual(NONE);

    // Ravi, reset: not verified any more, default setup.
    const ravi = (await signIn(h, '919000000002')).token;
    await control({ phone: '919000000002', reset: true, kycVariant: 'otp' });
    expect(flags(await status(ravi))).toEqual(NONE);
    expect((await api(h.app, 'GET', '/auth/kyc-auth-config?type=1', { token: ravi })).data).toEqual({ KycPageInfoVo: [{ title: 'Aadhaar' }, { title: 'PAN' }] });
    await control({ phone: '919000000002', reset: true, flags: ALL });
    expect(flags(await status(ravi))).toEqual(ALL);
  });

  it('refuses what it cannot do with a 400 that says what to send', async () => {
    for (const body of [
      { phone: '9000000001' },
      { phone: '919000000001', kycVariant: 'scan' },
      { phone: '919000000001', stepOrder: ['identity', 'identity'] },
      { phone: '919000000001', stepOrder: ['kyc'] },
      { phone: '919000000001', flags: { basic: 2 } },
      { phone: '919000000001', reset: false },
      { phone: '919000000001', extra: 1 },
    ]) {
      const res = await control(body, 400);
      expect(String(res.error), JSON.stringify(body)).toContain('"phone": "91XXXXXXXXXX"');
    }
    const notJson = await h.app.request('/sandbox/api/verification', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
  });
});

describe('field definitions', () => {
  const checkShape = (f: AuthPageField & Record<string, unknown>) => {
    expect(Object.keys(f).sort()).toEqual(['checkReq', 'checkType', 'dataType', 'dictionaryVoList', 'key', 'label', 'lengthLimitMax', 'value']);
    expect([0, 1, 3, 4, 5]).toContain(f.dataType);
    if (f.dataType === 0) expect(f.dictionaryVoList.length).toBeGreaterThan(1);
    if (f.dataType === 1) expect(f.lengthLimitMax).toBeGreaterThan(0);
  };

  it('baseInfo: education, marital status, residence, state (4), district (5), address, 6-digit PIN, email (all required: the spec makes every basic field required)', async () => {
    const { token } = await signIn(h, freshPhone());
    const env = await api(h.app, 'GET', '/auth/v1/auth-page-info?type=baseInfo', { token });
    const fields = parsed(AuthPageInfo, env);
    (env.data as (AuthPageField & Record<string, unknown>)[]).forEach(checkShape);
    expect(fields.map((f) => f.value)).toEqual(['education', 'maritalStatus', 'residenceType', 'state', 'district', 'address', 'pinCode', 'email']);
    const by = Object.fromEntries(fields.map((f) => [f.value, f]));
    expect(by.state?.dataType).toBe(4);
    expect(by.district?.dataType).toBe(5);
    expect(by.pinCode).toMatchObject({ dataType: 1, checkType: 1, lengthLimitMax: 6, checkReq: 1 });
    expect(fields.every((f) => f.checkReq === 1)).toBe(true);
    expect(by.maritalStatus?.dictionaryVoList.map((d) => d.dictLabel)).toContain('Married');
    expect(by.education?.dictionaryVoList.map((d) => d.dictLabel)).toContain('Graduate');
  });

  it('workInfo: employment type (3 = unemployed / student) and monthly income cannot be hidden; company, industry, salary day can', async () => {
    const { token } = await signIn(h, freshPhone());
    const env = await api(h.app, 'GET', '/auth/v2/auth-page-info?type=workInfo', { token });
    const work = parsed(WorkPageInfo, env);
    const data = env.data as { canHidden: (AuthPageField & Record<string, unknown>)[]; cannotHidden: (AuthPageField & Record<string, unknown>)[] };
    expect(Object.keys(data).sort()).toEqual(['canHidden', 'cannotHidden']);
    [...data.canHidden, ...data.cannotHidden].forEach(checkShape);
    expect(work.cannotHidden.map((f) => f.value)).toEqual(['workState', 'monthlyIncome']);
    const workState = work.cannotHidden[0]!;
    expect(workState.dictionaryVoList.find((d) => d.dictValue === '3')?.dictLabel).toBe('Unemployed / student');
    expect(work.cannotHidden[1]).toMatchObject({ checkType: 1, lengthLimitMax: 7 });
    expect(work.canHidden.map((f) => f.value)).toEqual(['companyName', 'industry', 'designation', 'salaryDay', 'companyState', 'companyDistrict']);
    expect(work.canHidden.find((f) => f.value === 'salaryDay')?.dataType).toBe(3);
    expect(work.canHidden.filter((f) => f.dataType === 4 || f.dataType === 5).map((f) => f.checkReq)).toEqual([0, 0]);
  });

  it('contactInfo: one relation field with the relation choices', async () => {
    const { token } = await signIn(h, freshPhone());
    const fields = parsed(AuthPageInfo, await api(h.app, 'GET', '/auth/v1/auth-page-info?type=contactInfo', { token }));
    expect(fields).toHaveLength(1);
    expect(fields[0]).toMatchObject({ key: 'Relationship', value: 'relation', dataType: 0 });
    expect(fields[0]!.dictionaryVoList.map((d) => d.dictLabel)).toEqual(['Parents', 'Spouse', 'Sibling', 'Child', 'Relative', 'Friend', 'Colleague']);
  });

  it('refuses an unknown type, and needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'GET', '/auth/v1/auth-page-info?type=workInfo', { token })).msg).toBe('type must be baseInfo or contactInfo');
    expect((await api(h.app, 'GET', '/auth/v2/auth-page-info?type=baseInfo', { token })).msg).toBe('type must be workInfo');
    expect((await api(h.app, 'GET', '/auth/v1/auth-page-info?type=baseInfo')).code).toBe(-4);
    expect((await api(h.app, 'GET', '/auth/v2/auth-page-info?type=workInfo')).code).toBe(-4);
  });
});

describe('states and districts', () => {
  it('lists the 36 states and union territories, and each one’s districts with stable ids', async () => {
    const states = parsed(PlaceList, await api(h.app, 'GET', '/map-state/v1/list'));
    expect(states).toHaveLength(36);
    expect(states.map((s) => s.name)).toEqual(expect.arrayContaining(['Maharashtra', 'Delhi', 'Ladakh', 'Tamil Nadu', 'Uttar Pradesh']));
    const maharashtra = states.find((s) => s.name === 'Maharashtra')!;
    const env = await api(h.app, 'GET', `/map-state/v1/district/${maharashtra.id}`);
    const districts = parsed(PlaceList, env);
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['Pune', 'Nagpur']));
    expect(districts[0]?.id).toBe(String(Number(maharashtra.id) * 1000 + 1));
    expect((env.data as { id: unknown }[]).every((d) => typeof d.id === 'number')).toBe(true);
    for (const s of INDIAN_STATES) {
      const list = (await api(h.app, 'GET', `/map-state/v1/district/${s.id}`)).data as { id: number; name: string }[];
      expect(list.map((d) => d.name)).toEqual([...s.districts]);
    }
  });

  it('an unknown state: "State not found"', async () => {
    for (const id of ['0', '99', 'abc', '1.5', '-1']) {
      const env = await api(h.app, 'GET', `/map-state/v1/district/${id}`);
      expect(env).toEqual({ code: 1, msg: 'State not found', data: null });
    }
  });
});

// ---------- Forms ----------

const stateNamed = (name: string) => INDIAN_STATES.find((s) => s.name === name)!;
const districtOf = (name: string, district: string) => {
  const s = stateNamed(name);
  return String(s.id * 1000 + s.districts.indexOf(district) + 1);
};

const goodBasic = () => ({
  education: '5',
  maritalStatus: '1',
  residenceType: '2',
  state: String(stateNamed('Karnataka').id),
  district: districtOf('Karnataka', 'Bengaluru Urban'),
  address: '12, 4th Cross, Indiranagar',
  pinCode: '560038',
  email: 'asha@example.com',
});

const goodWork = () => ({
  workState: '1',
  monthlyIncome: '35000',
  companyName: 'Infosys Ltd',
  industry: '1',
  designation: '3',
  salaryDay: '7',
  companyState: String(stateNamed('Maharashtra').id),
  companyDistrict: districtOf('Maharashtra', 'Pune'),
});

const goodContacts = () => ({
  oneName: 'sunil',
  oneMobile: '9811111111',
  oneRelation: '1',
  twoName: "d'souza",
  twoMobile: '8822222222',
  twoRelation: '6',
  thirdName: 'r.k.',
  thirdMobile: '7733333333',
  thirdRelation: '7',
});

describe('POST /auth/v1/base-info', () => {
  it('accepts a complete answer, keeps it, and flips basic to 1 (only basic)', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const env = await api(h.app, 'POST', '/auth/v1/base-info', { token, json: goodBasic() });
    expect(env).toEqual({ code: 0, msg: 'success', data: null });
    parsed(Ignored, env);
    expect(flags(await status(token))).toEqual({ ...NONE, basic: 1 });
    expect(await answersOf(phone, 'basic')).toEqual(goodBasic());
  });

  it('numbers may arrive as JSON numbers; the email is required like every basic field', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { ...goodBasic(), pinCode: 560038 } })).code).toBe(0);
    const { email: _email, ...rest } = goodBasic();
    const cols = errorColumns(await api(h.app, 'POST', '/auth/v1/base-info', { token, json: rest }));
    expect(cols.map((c) => c.column)).toEqual(['email']);
  });

  it('lists every field at fault, with column and message, and flips nothing', async () => {
    const { token } = await signIn(h, freshPhone());
    const cols = errorColumns(await api(h.app, 'POST', '/auth/v1/base-info', { token, json: {} }));
    expect(cols.map((c) => c.column)).toEqual(['education', 'maritalStatus', 'residenceType', 'state', 'district', 'address', 'pinCode', 'email']);
    expect(cols[0]?.msg).toBe('Please select your education');
    expect(cols.find((c) => c.column === 'address')?.msg).toBe('Please enter your address');

    const bad = errorColumns(
      await api(h.app, 'POST', '/auth/v1/base-info', {
        token,
        json: { ...goodBasic(), education: '99', pinCode: '56003A', address: 'x'.repeat(101), email: 'not-an-email' },
      }),
    );
    expect(bad).toEqual([
      { column: 'education', msg: 'Please choose your education from the list' },
      { column: 'address', msg: 'Address can be at most 100 characters' },
      { column: 'pinCode', msg: 'PIN code must contain digits only' },
      { column: 'email', msg: 'Please enter a valid email address' },
    ]);
    const pin = errorColumns(await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { ...goodBasic(), pinCode: '056003' } }));
    expect(pin).toEqual([{ column: 'pinCode', msg: 'PIN code must be 6 digits and cannot start with 0' }]);
    expect(flags(await status(token))).toEqual(NONE);
  });

  it('the district must belong to the chosen state, and the state must exist', async () => {
    const { token } = await signIn(h, freshPhone());
    const wrong = errorColumns(
      await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { ...goodBasic(), district: districtOf('Maharashtra', 'Pune') } }),
    );
    expect(wrong).toEqual([{ column: 'district', msg: 'This district is not in Karnataka' }]);
    const noState = errorColumns(await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { ...goodBasic(), state: '99' } }));
    expect(noState).toEqual([
      { column: 'state', msg: 'Please choose a state from the list' },
      { column: 'district', msg: 'Please choose the state first' },
    ]);
    const karnataka = stateNamed('Karnataka');
    const pastEnd = String(karnataka.id * 1000 + karnataka.districts.length + 1);
    expect(errorColumns(await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { ...goodBasic(), district: pastEnd } }))[0]?.column).toBe('district');
  });

  it('refuses a body that is not a map of texts, and needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'POST', '/auth/v1/base-info', { token, body: '[1]' })).code).toBe(1);
    expect((await api(h.app, 'POST', '/auth/v1/base-info', { token, json: { education: { x: 1 } } })).code).toBe(1);
    expect((await api(h.app, 'POST', '/auth/v1/base-info', { token, body: 'nope' })).msg).toBe('The request body must be JSON.');
    expect((await api(h.app, 'POST', '/auth/v1/base-info', { json: goodBasic() })).code).toBe(-4);
  });
});

describe('POST /auth/v1/work-info', () => {
  it('salaried: every hideable field is required; success flips work to 1', async () => {
    const { token } = await signIn(h, freshPhone());
    const cols = errorColumns(await api(h.app, 'POST', '/auth/v1/work-info', { token, json: { workState: '1', monthlyIncome: '20000' } }));
    expect(cols.map((c) => c.column)).toEqual(['companyName', 'industry', 'designation', 'salaryDay']);
    expect((await api(h.app, 'POST', '/auth/v1/work-info', { token, json: goodWork() })).code).toBe(0);
    expect(flags(await status(token))).toEqual({ ...NONE, work: 1 });
  });

  it('workState 3: the hideable fields are neither required nor checked nor kept', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const env = await api(h.app, 'POST', '/auth/v1/work-info', { token, json: { workState: '3', monthlyIncome: '5000', salaryDay: '45' } });
    expect(env.code, env.msg).toBe(0);
    expect(await answersOf(phone, 'work')).toEqual({ workState: '3', monthlyIncome: '5000' });
    expect(flags(await status(token))).toEqual({ ...NONE, work: 1 });
  });

  it('checks digits, length, day 1–31, dictionary and the office district', async () => {
    const { token } = await signIn(h, freshPhone());
    const cols = errorColumns(
      await api(h.app, 'POST', '/auth/v1/work-info', {
        token,
        json: { ...goodWork(), monthlyIncome: '12345678', salaryDay: '32', designation: '0', companyDistrict: districtOf('Karnataka', 'Mysuru') },
      }),
    );
    expect(cols).toEqual([
      { column: 'monthlyIncome', msg: 'Monthly income (₹) can be at most 7 characters' },
      { column: 'designation', msg: 'Please choose your designation from the list' },
      { column: 'salaryDay', msg: 'Salary day must be a day from 1 to 31' },
      { column: 'companyDistrict', msg: 'This district is not in Maharashtra' },
    ]);
    const zero = errorColumns(await api(h.app, 'POST', '/auth/v1/work-info', { token, json: { ...goodWork(), monthlyIncome: '0', workState: '' } }));
    expect(zero).toEqual([
      { column: 'workState', msg: 'Please select your employment type' },
      { column: 'monthlyIncome', msg: 'Monthly income must be more than 0' },
    ]);
    for (const day of ['1', '15', '31']) expect((await api(h.app, 'POST', '/auth/v1/work-info', { token, json: { ...goodWork(), salaryDay: day } })).code).toBe(0);
    const { companyState: _s, companyDistrict: _d, ...noOffice } = goodWork();
    expect((await api(h.app, 'POST', '/auth/v1/work-info', { token, json: noOffice })).code).toBe(0);
  });
});

describe('POST /auth/v1/contacts', () => {
  it('accepts three contacts (lowercase names with apostrophe and period) and flips contact to 1', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const env = await api(h.app, 'POST', '/auth/v1/contacts', { token, json: goodContacts() });
    expect(env).toEqual({ code: 0, msg: 'success', data: null });
    expect(flags(await status(token))).toEqual({ ...NONE, contact: 1 });
    expect(await answersOf(phone, 'contacts')).toEqual(goodContacts());
  });

  it('refuses names outside [a-z\'.], bad, repeated or own mobiles and unknown relations, one errorColumn each', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const cols = errorColumns(
      await api(h.app, 'POST', '/auth/v1/contacts', {
        token,
        json: { ...goodContacts(), oneName: 'Sunil', twoName: 'ravi kumar', twoMobile: '9811111111', thirdMobile: phone.slice(2), thirdRelation: '42' },
      }),
    );
    expect(cols).toEqual([
      { column: 'oneName', msg: "The name of contact 1 may contain only lowercase letters, apostrophes (') and periods (.)" },
      { column: 'twoName', msg: "The name of contact 2 may contain only lowercase letters, apostrophes (') and periods (.)" },
      { column: 'twoMobile', msg: 'Contact 2 has the same mobile number as contact 1' },
      { column: 'thirdRelation', msg: 'Please choose the relationship of contact 3 from the list' },
      { column: 'thirdMobile', msg: 'Contact 3 cannot be your own mobile number' },
    ]);
    const empty = errorColumns(await api(h.app, 'POST', '/auth/v1/contacts', { token, json: { oneMobile: '5811111111' } }));
    expect(empty.map((c) => c.column)).toEqual(['oneRelation', 'oneName', 'oneMobile', 'twoRelation', 'twoName', 'twoMobile', 'thirdRelation', 'thirdName', 'thirdMobile']);
    expect(empty.find((c) => c.column === 'oneMobile')?.msg).toBe('Please enter a valid 10-digit mobile number for contact 1');
    expect(empty[0]?.msg).toBe('Please select the relationship of contact 1');
    expect(flags(await status(token))).toEqual(NONE);
    expect((await api(h.app, 'POST', '/auth/v1/contacts', { json: goodContacts() })).code).toBe(-4);
  });
});

describe('the whole journey flips each flag as its step completes', () => {
  it('Sunita’s order: basic, work, contacts, then identity and face (see verification-kyc for those calls)', async () => {
    const phone = '919000000006';
    const { token } = await signIn(h, phone);
    await control({ phone, reset: true });
    await api(h.app, 'POST', '/auth/v1/base-info', { token, json: goodBasic() });
    expect(flags(await status(token))).toEqual({ ...NONE, basic: 1 });
    await api(h.app, 'POST', '/auth/v1/work-info', { token, json: goodWork() });
    expect(flags(await status(token))).toEqual({ ...NONE, basic: 1, work: 1 });
    await api(h.app, 'POST', '/auth/v1/contacts', { token, json: goodContacts() });
    expect(flags(await status(token))).toEqual({ ...NONE, basic: 1, work: 1, contact: 1 });
    // The order stays as set: the router decides what comes next from flags and order.
    expect(keys(await status(token))).toEqual(['basic', 'work', 'contacts', 'identity', 'face']);
  });
});
