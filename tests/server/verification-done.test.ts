/**
 * A done step is final (docs/sandbox/verification.md 'Verification'): a later attempt on it — a photo with no
 * face, another form, another Aadhaar — changes neither its flag nor what was kept, nor what the app
 * reads (face-result). A valid attempt is answered as accepted; an invalid one still gets its errors.
 * Marked not done by the sandbox control, the step takes attempts again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AadhaarSendOtp, FaceResult, LivingCheck, VerificationStatus } from '../../contract/verification';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { api, apiForm, fakeImage, freshPhone, latestCode, parsed, signIn, startHarness, type Envelope, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const SUCCESS: Envelope = { code: 0, msg: 'success', data: null };
type Flag = 'basic' | 'work' | 'kycAadhaarAndPan' | 'kycFaceAndHold' | 'contact';

const flagOf = async (token: string, flag: Flag) => parsed(VerificationStatus, await api(h.app, 'GET', '/auth/v1/find-user-auth', { token }))[flag];
const faceResult = async (token: string) => parsed(FaceResult, await api(h.app, 'GET', '/authen/h5/face-result', { token })).status;
const livingCheck = async (token: string, image: Blob) => parsed(LivingCheck, await apiForm(h.app, '/auth/v3/living-check', { image }, { token }));
const withCheck = (eleven: string) => `${eleven}${verhoeffCheckDigit(eleven)}`;

async function control(body: unknown) {
  const res = await h.app.request('/sandbox/api/verification', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function kept(phone: string, step: string) {
  const r = await h.db.query<{ answers: Record<string, string>; updated_at: Date }>(
    'SELECT a.answers, a.updated_at FROM verification_answers a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.step = $2',
    [phone, step],
  );
  return r.rows[0];
}

async function faceChecks(phone: string): Promise<number> {
  const r = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM face_checks f JOIN users u ON u.id = f.user_id WHERE u.phone = $1', [phone]);
  return r.rows[0]?.n ?? 0;
}

const place = (state: string, district?: string) => {
  const s = INDIAN_STATES.find((x) => x.name === state)!;
  return district === undefined ? String(s.id) : String(s.id * 1000 + s.districts.indexOf(district) + 1);
};

interface Form {
  name: string;
  path: string;
  flag: Flag;
  /** verification_answers.step */
  step: string;
  /** The step's name, as the log says it. */
  title: string;
  first: Record<string, string>;
  /** Another valid answer. */
  other: Record<string, string>;
  /** An answer with a field at fault. */
  invalid: Record<string, string>;
  prepare?: (token: string) => Promise<void>;
}

const FORMS: Form[] = [
  {
    name: 'basic information',
    path: '/auth/v1/base-info',
    flag: 'basic',
    step: 'basic',
    title: 'Basic information',
    first: {
      education: '5',
      maritalStatus: '1',
      residenceType: '2',
      state: place('Karnataka'),
      district: place('Karnataka', 'Bengaluru Urban'),
      address: '12, 4th Cross, Indiranagar',
      pinCode: '560038',
      email: 'asha@example.com',
    },
    other: {
      education: '4',
      maritalStatus: '2',
      residenceType: '1',
      state: place('Maharashtra'),
      district: place('Maharashtra', 'Pune'),
      address: '7, FC Road',
      pinCode: '411004',
      email: 'asha@example.org',
    },
    invalid: { education: '5' },
  },
  {
    name: 'work information',
    path: '/auth/v1/work-info',
    flag: 'work',
    step: 'work',
    title: 'Work information',
    first: { workState: '3', monthlyIncome: '5000' },
    other: { workState: '3', monthlyIncome: '9000' },
    invalid: { workState: '3', monthlyIncome: '0' },
  },
  {
    name: 'emergency contacts',
    path: '/auth/v1/contacts',
    flag: 'contact',
    step: 'contacts',
    title: 'Emergency contacts',
    first: { oneName: 'sunil', oneMobile: '9811111111', oneRelation: '1', twoName: 'ravi', twoMobile: '8822222222', twoRelation: '6', thirdName: 'r.k.', thirdMobile: '7733333333', thirdRelation: '7' },
    other: { oneName: 'meena', oneMobile: '9844444444', oneRelation: '2', twoName: 'ajay', twoMobile: '8855555555', twoRelation: '3', thirdName: 'lata', thirdMobile: '7766666666', thirdRelation: '5' },
    invalid: { oneName: 'Sunil' },
  },
  {
    name: 'Aadhaar & PAN (uploads)',
    path: '/auth/v1/kyc-info/aadhaar-pan',
    flag: 'kycAadhaarAndPan',
    step: 'kyc',
    title: 'Aadhaar & PAN',
    prepare: async (token) => {
      for (const type of ['1', '2', '3']) expect((await apiForm(h.app, '/authen/upload', { type, file: fakeImage(5000) }, { token })).code).toBe(0);
    },
    first: { realName: 'Test Borrower', idNo: withCheck('23456789012'), panNo: 'ABCPB1234F' },
    other: { realName: 'Someone Else', idNo: withCheck('34567890123'), panNo: 'ABCPB5678K' },
    invalid: { realName: 'Test Borrower', idNo: withCheck('23456789012'), panNo: 'ABC' },
  },
];

describe.each(FORMS)('$name, once done', (f) => {
  it('a later answer, valid or not, changes neither the flag nor the kept answer; marked not done, it acts again', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    await f.prepare?.(token);
    const submit = (json: Record<string, string>) => api(h.app, 'POST', f.path, { token, json });
    expect(await submit(f.first)).toEqual(SUCCESS);
    const first = await kept(phone, f.step);
    expect(first?.answers).toMatchObject(f.first);

    await h.clock.advance(60_000);
    expect(await submit(f.other)).toEqual(SUCCESS);
    expect(await kept(phone, f.step)).toEqual(first);
    expect(h.logs).toContain(`[sandbox verification] ${phone}: ${f.title} is already done; this attempt changed nothing`);
    // The answer is still checked: a mistake is a mistake, done or not.
    expect((await submit(f.invalid)).code).toBe(1);
    expect(await flagOf(token, f.flag)).toBe(1);
    expect(await kept(phone, f.step)).toEqual(first);

    await control({ phone, flags: { [f.flag]: 0 } });
    expect(await submit(f.other)).toEqual(SUCCESS);
    expect((await kept(phone, f.step))?.answers).toMatchObject(f.other);
    expect(await flagOf(token, f.flag)).toBe(1);
  });
});

describe('face, once done', () => {
  it('a verified borrower’s second photo with no face: the step stays done and face-result stays a success', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 2 });
    expect(await livingCheck(token, fakeImage(30_000))).toEqual({ status: 1 });
    expect(await flagOf(token, 'kycFaceAndHold')).toBe(1);
    const checks = await faceChecks(phone);

    // What the app reads after the attempt is the step's result: a success.
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 1 });
    expect(await flagOf(token, 'kycFaceAndHold')).toBe(1);
    expect(await faceResult(token)).toBe(1);
    expect(await faceChecks(phone)).toBe(checks);
    expect(h.logs).toContain(`[sandbox verification] ${phone}: Face verification is already done; this attempt changed nothing`);
    // Not an image is still not an image.
    expect((await apiForm(h.app, '/auth/v3/living-check', { image: new Blob(['not a face'.repeat(500)]) }, { token })).msg).toBe('Only image files can be uploaded');
    // Living-hold after the step is done: nothing to add.
    expect(await api(h.app, 'POST', '/auth/v1/kyc-info/living-hold', { token, json: {} })).toEqual(SUCCESS);

    await control({ phone, flags: { kycFaceAndHold: 0 } });
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 2 });
    expect(await faceResult(token)).toBe(2);
    expect(await flagOf(token, 'kycFaceAndHold')).toBe(0);
  });

  it('with living-hold: once held, a photo with no face changes nothing; before, the latest check counts', async () => {
    const phone = freshPhone();
    await control({ phone, livingHold: true });
    const { token } = await signIn(h, phone);
    expect(await livingCheck(token, fakeImage(30_000))).toEqual({ status: 1 });
    // Not done yet (the hold is missing): a failed check replaces the good one, and the hold is refused.
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 2 });
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/living-hold', { token, json: {} })).msg).toBe('Please Upload Face Recognition ');
    expect(await livingCheck(token, fakeImage(30_000))).toEqual({ status: 1 });
    expect(await api(h.app, 'POST', '/auth/v1/kyc-info/living-hold', { token, json: {} })).toEqual(SUCCESS);
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 1 });
    expect(await faceResult(token)).toBe(1);
    expect(await flagOf(token, 'kycFaceAndHold')).toBe(1);
  });

  it('a step marked done without any check (a verified persona) reads as a success', async () => {
    const { token } = await signIn(h, '919000000002'); // Ravi, fully verified
    expect(await faceResult(token)).toBe(1);
    expect(await livingCheck(token, fakeImage(1500))).toEqual({ status: 1 });
    expect(await faceResult(token)).toBe(1);
  });
});

describe('identity, once done', () => {
  it('Aadhaar OTP: sending says already verified and sends nothing; verifying another number changes nothing', async () => {
    const phone = freshPhone();
    await control({ phone, kycVariant: 'otp' });
    const { token } = await signIn(h, phone);
    const aadhaar = withCheck('23456789012');
    expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar } })).state).toBe(0);
    const otp = await latestCode(h.app, phone);
    expect(await api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar, otp } })).toEqual(SUCCESS);
    expect(await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: { idNo: aadhaar, panNo: 'ABCPV1234K' } })).toEqual(SUCCESS);

    const another = withCheck('34567890123');
    const outbox = async () => (await h.db.query(`SELECT 1 FROM sms_outbox WHERE phone = $1 AND purpose = 'aadhaar'`, [phone])).rowCount;
    const sentBefore = await outbox();
    await h.clock.advance(61_000);
    expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar: another } }))).toEqual({
      state: 1,
      verifier: { success: true, message: 'Aadhaar already verified' },
    });
    expect(await outbox()).toBe(sentBefore);
    expect(await api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar: another, otp: '000000' } })).toEqual(SUCCESS);
    const state = (await (await h.app.request(`/sandbox/api/verification?phone=${phone}`)).json()) as { aadhaarVerified: string };
    expect(state.aadhaarVerified).toBe(aadhaar);
    expect(await flagOf(token, 'kycAadhaarAndPan')).toBe(1);
  });
});

describe('images, once their step is done', () => {
  const uploads = async (phone: string) =>
    (
      await h.db.query<{ type: number; id: string; size: number }>(
        'SELECT v.type, v.id, v.size FROM verification_uploads v JOIN users u ON u.id = v.user_id WHERE u.phone = $1 ORDER BY v.type',
        [phone],
      )
    ).rows;
  const upload = async (token: string, type: string, file: Blob) => (await apiForm(h.app, '/authen/upload', { type, file }, { token })) as Envelope & { data: { fileId: string } };

  it('a card image after identity is done, or a face photo after face is done, replaces nothing; an image of a step not done still does', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const front = await upload(token, '1', fakeImage(20_000));
    expect(front.code).toBe(0);
    await control({ phone, flags: { kycAadhaarAndPan: 1 } });
    const before = await uploads(phone);

    const again = await upload(token, '1', fakeImage(30_000));
    expect(again.code).toBe(0);
    expect(again.data.fileId).toBe(front.data.fileId);
    expect((await apiForm(h.app, '/auth/v1/ocr-separate', { type: '1', image: fakeImage(40_000) }, { token })).code).toBe(0);
    expect(await uploads(phone)).toEqual(before);
    // Still checked like any image.
    expect((await upload(token, '2', new Blob(['not an image'.repeat(50)]))).msg).toBe('Only image files can be uploaded');

    // Face is not done: its photo is stored.
    expect((await upload(token, '4', fakeImage(25_000))).code).toBe(0);
    expect((await uploads(phone)).map((u) => u.type)).toEqual([1, 4]);
  });
});
