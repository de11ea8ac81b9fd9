/**
 * KYC and face on the sandbox: image uploads (type by content, 10 MB, owner-only reads), the
 * simulated OCR, both KYC variants of aadhaar-pan, the Aadhaar OTP (outbox, cooldown, expiry, wrong
 * tries) on the fake clock, the living check, living-hold and face result, and one person per
 * borrower (a verified Aadhaar or PAN is refused to another borrower).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ignored } from '../../contract/common';
import { AadhaarSendOtp, FaceResult, LivingCheck, LivingCheckConfig, OcrResult, VerificationStatus } from '../../contract/verification';
import { aadhaarProblem, panProblem, verhoeffCheckDigit } from '../../machines/shared/identity';
import { panForPhone } from '../../server/src/domain/verification';
import { IDENTITY_MESSAGES, identityHash } from '../../server/src/identity';
import { personaIdentity } from '../../server/src/seed';
import { api, apiForm, fakeImage, freshPhone, latestCode, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const MB = 1024 * 1024;
const status = async (token: string) => parsed(VerificationStatus, await api(h.app, 'GET', '/auth/v1/find-user-auth', { token }));
const aadhaarFor = (phone: string) => {
  const base = `2${phone.slice(-10)}`;
  return `${base}${verhoeffCheckDigit(base)}`;
};
/** A valid Aadhaar (first 11 digits given). */
const withCheck = (eleven: string) => `${eleven}${verhoeffCheckDigit(eleven)}`;

async function control(body: unknown) {
  const res = await h.app.request('/sandbox/api/verification', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const upload = (token: string, type: string, file: Blob | string) => apiForm(h.app, '/authen/upload', { type, file }, { token });

describe('POST /authen/upload and GET /authen/file/{fileId}', () => {
  it('stores an image of each kind (by content) and gives it back to its owner only', async () => {
    const { token } = await signIn(h, freshPhone());
    const other = await signIn(h, freshPhone());
    for (const [i, kind] of (['jpeg', 'png', 'gif', 'webp', 'heic'] as const).entries()) {
      const image = fakeImage(3000 + i, kind);
      const env = await upload(token, '1', image);
      expect(env.code, `${kind}: ${env.msg}`).toBe(0);
      const data = env.data as { type: number; fileId: string; size: number };
      expect(data).toEqual({ type: 1, fileId: expect.stringMatching(/^[0-9a-f]{32}$/), size: 3000 + i });

      const mine = await h.app.request(`/api1/authen/file/${data.fileId}`, { headers: { token } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-type')).toBe(`image/${kind}`);
      expect(new Uint8Array(await mine.arrayBuffer())).toEqual(new Uint8Array(await image.arrayBuffer()));

      // Another borrower: as if it did not exist.
      const theirs = await h.app.request(`/api1/authen/file/${data.fileId}`, { headers: { token: other.token } });
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual({ code: 1, msg: 'Not found', data: null });
      // No session: -4.
      const anonymous = await h.app.request(`/api1/authen/file/${data.fileId}`);
      expect(((await anonymous.json()) as { code: number }).code).toBe(-4);
    }
    expect((await h.app.request('/api1/authen/file/nope', { headers: { token } })).status).toBe(404);
  });

  it('a newer upload of the same type replaces the older (the old id is gone); other types stay', async () => {
    const { token } = await signIn(h, freshPhone());
    const first = (await upload(token, '2', fakeImage(4000))).data as { fileId: string };
    const pan = (await upload(token, '3', fakeImage(4000))).data as { fileId: string };
    const second = (await upload(token, '2', fakeImage(5000, 'png'))).data as { fileId: string };
    expect(second.fileId).not.toBe(first.fileId);
    expect((await h.app.request(`/api1/authen/file/${first.fileId}`, { headers: { token } })).status).toBe(404);
    expect((await h.app.request(`/api1/authen/file/${second.fileId}`, { headers: { token } })).status).toBe(200);
    expect((await h.app.request(`/api1/authen/file/${pan.fileId}`, { headers: { token } })).status).toBe(200);

    // Two at once: both answered, one kept.
    const both = await Promise.all([upload(token, '2', fakeImage(4100)), upload(token, '2', fakeImage(4200))]);
    expect(both.map((e) => e.code)).toEqual([0, 0]);
    const served = await Promise.all(both.map((e) => h.app.request(`/api1/authen/file/${(e.data as { fileId: string }).fileId}`, { headers: { token } })));
    expect(served.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('refuses what is not an image, whatever its name or declared type', async () => {
    const { token } = await signIn(h, freshPhone());
    const pdf = new Blob(['%PDF-1.7 ...'.padEnd(4000, ' ')], { type: 'image/jpeg' });
    for (const file of [pdf, new Blob([]), new Blob(['GIF']), 'just text']) {
      expect(await upload(token, '1', file)).toEqual({ code: 1, msg: 'Only image files can be uploaded', data: null });
    }
  });

  it('exactly 10 MB is accepted; one byte more is "Image size is too big, limit 10MB" (an envelope, not a 413)', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await upload(token, '3', fakeImage(10 * MB))).code).toBe(0);
    expect(await upload(token, '3', fakeImage(10 * MB + 1))).toEqual({ code: 1, msg: 'Image size is too big, limit 10MB', data: null });
    // Far bigger: refused by the body limit before it is read, still the same envelope.
    expect(await upload(token, '3', fakeImage(12 * MB))).toEqual({ code: 1, msg: 'Image size is too big, limit 10MB', data: null });
  });

  it('checks the type and the form, and needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await upload(token, '5', fakeImage(3000))).msg).toBe('type must be 1, 2, 3 or 4');
    expect((await apiForm(h.app, '/authen/upload', { type: '1' }, { token })).msg).toBe('file is required');
    expect((await api(h.app, 'POST', '/authen/upload', { token, json: { type: 1 } })).msg).toBe('The request body must be multipart/form-data.');
    expect((await apiForm(h.app, '/authen/upload', { type: '1', file: fakeImage(3000) })).code).toBe(-4);
  });
});

describe('POST /auth/v1/ocr-separate (simulated OCR)', () => {
  const ocr = (token: string, type: string, image: Blob | string, notNeed = '1') =>
    apiForm(h.app, '/auth/v1/ocr-separate', { type, image, notNeed }, { token });

  it('Aadhaar front: the persona’s name and a valid Aadhaar from the phone; PAN: a valid PAN (4th letter P); back: nothing', async () => {
    const phone = '919000000001';
    const { token } = await signIn(h, phone);
    const front = parsed(OcrResult, await ocr(token, '1', fakeImage(5000)));
    expect(front).toEqual({ name: 'Asha', idNo: aadhaarFor(phone), panNo: '' });
    expect(aadhaarProblem(front.idNo)).toBeNull();
    const pan = parsed(OcrResult, await ocr(token, '3', fakeImage(5000, 'png')));
    expect(pan.name).toBe('Asha');
    expect(pan.idNo).toBe('');
    expect(panProblem(pan.panNo)).toBeNull();
    expect(pan.panNo[3]).toBe('P');
    expect(pan.panNo[4]).toBe('A');
    expect(pan.panNo.slice(5, 9)).toBe('0001');
    // As server/README.md documents them.
    expect([front.idNo, pan.panNo]).toEqual(['290000000018', 'JEXPA0001C']);
    // Deterministic.
    expect(parsed(OcrResult, await ocr(token, '3', fakeImage(6000))).panNo).toBe(pan.panNo);
    expect(parsed(OcrResult, await ocr(token, '2', fakeImage(5000)))).toEqual({ name: '', idNo: '', panNo: '' });
  });

  it('a borrower without a name reads as "Test Borrower"; an image under 2 KB is unreadable', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    expect(parsed(OcrResult, await ocr(token, '1', fakeImage(2048)))).toEqual({ name: 'Test Borrower', idNo: aadhaarFor(phone), panNo: '' });
    expect(parsed(OcrResult, await ocr(token, '3', fakeImage(2048))).panNo[4]).toBe('B');
    expect(parsed(OcrResult, await ocr(token, '1', fakeImage(2047)))).toEqual({ name: '', idNo: '', panNo: '' });
  });

  it('notNeed 1 only reads; without it the image is stored as that type', async () => {
    const { token } = await signIn(h, freshPhone());
    await ocr(token, '1', fakeImage(5000), '1');
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: { realName: 'x', idNo: '', panNo: '' } })).msg).toBe(
      'Please Upload Aadhaar front',
    );
    await ocr(token, '1', fakeImage(5000), '0');
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: { realName: 'x', idNo: '', panNo: '' } })).msg).toBe(
      'Please Upload Aadhaar Back ',
    );
  });

  it('refuses a non-image, a too-big image, a wrong type, and needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await ocr(token, '1', new Blob(['hello'.repeat(1000)]))).msg).toBe('Only image files can be uploaded');
    expect((await ocr(token, '1', fakeImage(10 * MB + 1))).msg).toBe('Image size is too big, limit 10MB');
    expect((await ocr(token, '4', fakeImage(5000))).msg).toBe('type must be 1, 2 or 3');
    expect((await apiForm(h.app, '/auth/v1/ocr-separate', { type: '1' }, { token })).msg).toBe('image is required');
    expect((await apiForm(h.app, '/auth/v1/ocr-separate', { type: '1', image: fakeImage(5000), notNeed: '1' })).code).toBe(-4);
  });
});

describe('POST /auth/v1/kyc-info/aadhaar-pan, upload variant', () => {
  const submit = (token: string, json: unknown) => api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json });

  it('asks for each upload in turn with the spec’s messages, then checks name, Aadhaar and PAN; success flips kycAadhaarAndPan', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const good = { realName: 'Test Borrower', idNo: aadhaarFor(phone), panNo: 'ABCPB1234F' };
    expect((await submit(token, good)).msg).toBe('Please Upload Aadhaar front');
    await upload(token, '1', fakeImage(5000));
    expect((await submit(token, good)).msg).toBe('Please Upload Aadhaar Back ');
    await upload(token, '2', fakeImage(5000));
    expect((await submit(token, good)).msg).toBe('Please Upload PAN ');
    await upload(token, '3', fakeImage(5000));

    expect((await submit(token, { ...good, realName: '' })).msg).toBe('Please Upload Aadhaar front');
    expect((await submit(token, { ...good, idNo: '' })).msg).toBe('Please Upload Aadhaar front');
    expect((await submit(token, { ...good, panNo: '' })).msg).toBe('Please Upload PAN ');
    expect((await submit(token, { ...good, idNo: '123456789012' })).msg).toBe('Aadhaar number cannot start with 0 or 1.');
    expect((await submit(token, { ...good, idNo: '2345' })).msg).toBe('Aadhaar number must be 12 digits.');
    const badCheck = `${good.idNo.slice(0, 11)}${(Number(good.idNo[11]) + 1) % 10}`;
    expect((await submit(token, { ...good, idNo: badCheck })).msg).toBe('This Aadhaar number is not valid. Please check it.');
    expect((await submit(token, { ...good, panNo: 'ABCDE1234F' })).msg).toBe('PAN must be 10 characters like ABCPE1234F.');
    expect((await status(token)).kycAadhaarAndPan).toBe(0);

    const env = await submit(token, { ...good, idNo: good.idNo.replace(/(\d{4})(?=\d)/g, '$1 '), panNo: good.panNo.toLowerCase() });
    expect(env).toEqual({ code: 0, msg: 'success', data: null });
    parsed(Ignored, env);
    const s = await status(token);
    expect([s.kycAadhaarAndPan, s.kycFaceAndHold, s.basic, s.work, s.contact]).toEqual([1, 0, 0, 0, 0]);
  });

  it('refuses a body that is not JSON or has non-text fields, and needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, body: 'x' })).msg).toBe('The request body must be JSON.');
    expect((await submit(token, { realName: ['a'], idNo: '', panNo: '' })).code).toBe(1);
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { json: {} })).code).toBe(-4);
  });
});

describe('Aadhaar OTP and the no-upload variant', () => {
  const sendOtp = async (token: string, aadhaar: string) => parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar } }));
  const verify = (token: string, aadhaar: string, otp: string) => api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar, otp } });
  const submit = (token: string, json: unknown) => api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json });
  const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  async function newOtpBorrower() {
    const phone = freshPhone();
    await control({ phone, kycVariant: 'otp' });
    const { token } = await signIn(h, phone);
    return { phone, token };
  }

  it('Vikram: the OTP goes to the outbox for his phone; verify, then submit idNo + PAN; the flag flips; resend says already verified', async () => {
    const phone = '919000000005';
    const { token } = await signIn(h, phone);
    const aadhaar = withCheck('23456789012');
    const sent = await sendOtp(token, aadhaar);
    expect(sent).toEqual({ state: 0, verifier: { success: true, message: 'OTP sent to the mobile number linked with Aadhaar' } });
    const otp = await latestCode(h.app, phone);
    expect(otp).toMatch(/^\d{6}$/);
    const outbox = (await (await h.app.request(`/sandbox/api/outbox?phone=${phone}`)).json()) as { messages: { text: string; code: string }[] };
    expect(outbox.messages[0]?.text).toBe(`Your Aadhaar verification OTP is ${otp}`);
    expect(h.logs.some((l) => l.includes(`Your Aadhaar verification OTP is ${otp}`))).toBe(true);
    expect(await (await h.app.request('/sandbox')).text()).toContain(`Your Aadhaar verification OTP is <strong>${otp}</strong>`);

    // Before verifying: the spec's messages, then "verify first".
    expect((await submit(token, { idNo: '', panNo: 'ABCPV1234K' })).msg).toBe('Please Input IDcard No.');
    expect((await submit(token, { idNo: aadhaar, panNo: '' })).msg).toBe('Please Input Pan Id. ');
    expect((await submit(token, { idNo: aadhaar, panNo: 'ABCPV1234K' })).msg).toBe('Please verify your Aadhaar number first');

    expect(await verify(token, aadhaar, otp)).toEqual({ code: 0, msg: 'success', data: null });
    expect((await sendOtp(token, aadhaar))).toEqual({ state: 1, verifier: { success: true, message: 'Aadhaar already verified' } });
    expect((await verify(token, aadhaar, otp)).code).toBe(0);

    // Only the verified number is accepted.
    expect((await submit(token, { idNo: withCheck('23456789013'), panNo: 'ABCPV1234K' })).msg).toBe('Please verify your Aadhaar number first');
    expect((await submit(token, { idNo: aadhaar, panNo: 'ABC' })).msg).toBe('PAN must be 10 characters like ABCPE1234F.');
    expect((await status(token)).kycAadhaarAndPan).toBe(0);
    expect((await submit(token, { idNo: aadhaar, panNo: 'ABCPV1234K' })).code).toBe(0);
    expect((await status(token)).kycAadhaarAndPan).toBe(1);
    const state = (await (await h.app.request(`/sandbox/api/verification?phone=${phone}`)).json()) as { aadhaarVerified: string };
    expect(state.aadhaarVerified).toBe(aadhaar);
  });

  it('one OTP per 60 s per borrower (server clock), then a new one replaces the old', async () => {
    const { phone, token } = await newOtpBorrower();
    const aadhaar = withCheck('34567890123');
    expect((await sendOtp(token, aadhaar)).state).toBe(0);
    const first = await latestCode(h.app, phone);
    await h.clock.advance(15_000);
    expect(await sendOtp(token, aadhaar)).toEqual({ state: 2, verifier: { success: false, message: 'Please wait 45 seconds before requesting another OTP' } });
    await h.clock.advance(44_500);
    expect((await sendOtp(token, aadhaar)).verifier?.message).toBe('Please wait 1 second before requesting another OTP');
    await h.clock.advance(500);
    expect((await sendOtp(token, aadhaar)).state).toBe(0);
    const second = await latestCode(h.app, phone);
    if (second !== first) expect((await verify(token, aadhaar, first)).msg).toBe('Incorrect OTP, please try again');
    expect((await verify(token, aadhaar, second)).code).toBe(0);
  });

  it('valid 10 minutes: then "OTP expired, please request a new one"', async () => {
    const { phone, token } = await newOtpBorrower();
    const aadhaar = withCheck('45678901234');
    await sendOtp(token, aadhaar);
    const otp = await latestCode(h.app, phone);
    await h.clock.advance(10 * 60_000);
    expect(await verify(token, aadhaar, otp)).toEqual({ code: 1, msg: 'OTP expired, please request a new one', data: null });
    await sendOtp(token, aadhaar);
    const fresh = await latestCode(h.app, phone);
    await h.clock.advance(10 * 60_000 - 1000);
    expect((await verify(token, aadhaar, fresh)).code).toBe(0);
  });

  it('5 wrong tries: the OTP is dead, even the right one; a new OTP works', async () => {
    const { phone, token } = await newOtpBorrower();
    const aadhaar = withCheck('56789012345');
    await sendOtp(token, aadhaar);
    const otp = await latestCode(h.app, phone);
    for (let i = 0; i < 4; i++) expect(await verify(token, aadhaar, wrong(otp))).toEqual({ code: 1, msg: 'Incorrect OTP, please try again', data: null });
    expect((await verify(token, aadhaar, wrong(otp))).msg).toBe('Too many incorrect attempts, please request a new OTP');
    expect((await verify(token, aadhaar, otp)).msg).toBe('Too many incorrect attempts, please request a new OTP');
    await h.clock.advance(60_000);
    await sendOtp(token, aadhaar);
    expect((await verify(token, aadhaar, await latestCode(h.app, phone))).code).toBe(0);
  });

  it('refuses an invalid Aadhaar and one not linked to a mobile (first 11 digits end in 0000), sending nothing', async () => {
    const { phone, token } = await newOtpBorrower();
    const refused = (message: string) => ({ state: 2, verifier: { success: false, message } });
    expect(await sendOtp(token, '12345')).toEqual(refused('Aadhaar number must be 12 digits.'));
    expect(await sendOtp(token, withCheck('12345678901'))).toEqual(refused('Aadhaar number cannot start with 0 or 1.'));
    const good = withCheck('23456789012');
    expect(await sendOtp(token, `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`)).toEqual(refused('This Aadhaar number is not valid. Please check it.'));
    expect(await sendOtp(token, withCheck('98765430000'))).toEqual(refused('This Aadhaar number is not linked to a mobile number'));
    const outbox = (await (await h.app.request(`/sandbox/api/outbox?phone=${phone}`)).json()) as { messages: { text: string }[] };
    expect(outbox.messages.filter((m) => m.text.includes('Aadhaar'))).toEqual([]);
  });

  it('verify: an OTP must be requested for that number first; the otp is up to 6 digits; needs a session', async () => {
    const { phone, token } = await newOtpBorrower();
    const aadhaar = withCheck('67890123456');
    expect((await verify(token, aadhaar, '123456')).msg).toBe('Please request an OTP first');
    await sendOtp(token, aadhaar);
    const otp = await latestCode(h.app, phone);
    expect((await verify(token, withCheck('67890123457'), otp)).msg).toBe('Please request an OTP first');
    expect((await verify(token, aadhaar, '12a')).msg).toBe('otp must be up to 6 digits');
    expect((await api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar } })).msg).toBe('otp is required');
    expect((await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: {} })).msg).toBe('aadhaar is required');
    expect((await api(h.app, 'POST', '/auth/aadhaar/verify', { json: { aadhaar, otp } })).code).toBe(-4);
    expect((await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { json: { aadhaar } })).code).toBe(-4);
    // Another borrower cannot use this OTP.
    const other = await newOtpBorrower();
    expect((await verify(other.token, aadhaar, otp)).msg).toBe('Please request an OTP first');
  });
});

describe('face: living-check, living-hold, face-result', () => {
  const check = (token: string, image: Blob | string) => apiForm(h.app, '/auth/v3/living-check', { image }, { token });
  const result = async (token: string) => parsed(FaceResult, await api(h.app, 'GET', '/authen/h5/face-result', { token })).status;
  const hold = (token: string) => api(h.app, 'POST', '/auth/v1/kyc-info/living-hold', { token, json: {} });

  it('living-config 0: a face found (status 1) completes the step at once; face-result follows the latest check', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    expect(parsed(LivingCheckConfig, await api(h.app, 'GET', '/auth/v1/living-check-config', { token }))).toEqual({ needsHold: false });
    expect(await result(token)).toBe(0);

    const none = await check(token, fakeImage(1500));
    expect(none).toEqual({ code: 0, msg: 'success', data: { status: 2 } });
    expect(await result(token)).toBe(2);
    expect((await status(token)).kycFaceAndHold).toBe(0);

    const found = await check(token, fakeImage(40_000, 'png'));
    expect(parsed(LivingCheck, found)).toEqual({ status: 1 });
    expect(await result(token)).toBe(1);
    expect((await status(token)).kycFaceAndHold).toBe(1);
    expect((await status(token)).kycAadhaarAndPan).toBe(0);
    const photo = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM verification_uploads f JOIN users u ON u.id = f.user_id WHERE f.type = 4 AND u.phone = $1',
      [phone],
    );
    expect(photo.rows[0]?.n).toBe(1);
  });

  it('living-config 1 (Sunita): the check alone does not complete the step; living-hold after a status-1 check does', async () => {
    const phone = '919000000006';
    const { token } = await signIn(h, phone);
    await control({ phone, reset: true });
    expect(parsed(LivingCheckConfig, await api(h.app, 'GET', '/auth/v1/living-check-config', { token }))).toEqual({ needsHold: true });
    expect(await hold(token)).toEqual({ code: 1, msg: 'Please Upload Face Recognition ', data: null });
    await check(token, fakeImage(1000));
    expect((await hold(token)).msg).toBe('Please Upload Face Recognition ');
    expect((await check(token, fakeImage(30_000))).data).toEqual({ status: 1 });
    expect((await status(token)).kycFaceAndHold).toBe(0);
    const held = await hold(token);
    expect(held).toEqual({ code: 0, msg: 'success', data: null });
    parsed(Ignored, held);
    expect((await status(token)).kycFaceAndHold).toBe(1);
  });

  it('refuses a non-image and a too-big image with the upload messages; needs a session', async () => {
    const { token } = await signIn(h, freshPhone());
    expect(await check(token, new Blob(['not a face'.repeat(500)]))).toEqual({ code: 1, msg: 'Only image files can be uploaded', data: null });
    expect(await check(token, fakeImage(10 * MB + 1))).toEqual({ code: 1, msg: 'Image size is too big, limit 10MB', data: null });
    expect((await apiForm(h.app, '/auth/v3/living-check', {}, { token })).msg).toBe('image is required');
    expect(await result(token)).toBe(0);
    expect((await apiForm(h.app, '/auth/v3/living-check', { image: fakeImage(5000) })).code).toBe(-4);
    expect((await api(h.app, 'GET', '/authen/h5/face-result')).code).toBe(-4);
    expect((await api(h.app, 'GET', '/auth/v1/living-check-config')).code).toBe(-4);
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/living-hold', { json: {} })).code).toBe(-4);
  });
});

describe('Asha’s whole upload journey, in the default order', () => {
  it('identity (uploads + OCR + submit), then face: both flags flip, the rest stay 0', async () => {
    const phone = '919000000001';
    const { token } = await signIn(h, phone);
    await control({ phone, reset: true });
    for (const type of ['1', '2', '3']) expect((await upload(token, type, fakeImage(8000))).code).toBe(0);
    const front = parsed(OcrResult, await apiForm(h.app, '/auth/v1/ocr-separate', { type: '1', image: fakeImage(8000), notNeed: '1' }, { token }));
    const pan = parsed(OcrResult, await apiForm(h.app, '/auth/v1/ocr-separate', { type: '3', image: fakeImage(8000), notNeed: '1' }, { token }));
    expect((await api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: { realName: front.name, idNo: front.idNo, panNo: pan.panNo } })).code).toBe(0);
    expect((await apiForm(h.app, '/auth/v3/living-check', { image: fakeImage(20_000) }, { token })).data).toEqual({ status: 1 });
    const s = await status(token);
    expect([s.kycAadhaarAndPan, s.kycFaceAndHold, s.basic, s.work, s.contact]).toEqual([1, 1, 0, 0, 0]);
  });
});

describe('one person, one borrower', () => {
  const submit = (token: string, json: unknown) => api(h.app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json });
  const SUCCESS = { code: 0, msg: 'success', data: null };
  const refusal = (msg: string) => ({ code: 1, msg, data: null });

  /** A new borrower with the three uploads done, ready to submit the upload variant. */
  async function uploaded() {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    for (const type of ['1', '2', '3']) expect((await upload(token, type, fakeImage(5000))).code).toBe(0);
    return { phone, token, numbers: { realName: 'Test Borrower', idNo: aadhaarFor(phone), panNo: panForPhone(phone, 'Test Borrower') } };
  }
  const register = async () => (await h.db.query<{ user_id: number; kind: string; number_hash: string }>('SELECT user_id, kind, number_hash FROM verified_identities')).rows;

  it('an Aadhaar or a PAN another borrower verified is refused with a clear msg; nothing is stored', async () => {
    const first = await uploaded();
    expect(await submit(first.token, first.numbers)).toEqual(SUCCESS);
    const second = await uploaded();
    expect(await submit(second.token, { ...second.numbers, idNo: first.numbers.idNo })).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
    // Typed differently (spaces, lower case): the same number.
    expect(await submit(second.token, { ...second.numbers, panNo: first.numbers.panNo.toLowerCase() })).toEqual(refusal(IDENTITY_MESSAGES.panTaken));
    expect(await submit(second.token, { ...second.numbers, idNo: first.numbers.idNo.replace(/(\d{4})(?=\d)/g, '$1 ') })).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
    expect((await status(second.token)).kycAadhaarAndPan).toBe(0);
    const kept = await h.db.query("SELECT 1 FROM verification_answers a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.step = 'kyc'", [second.phone]);
    expect(kept.rowCount).toBe(0);
    // Their own numbers go through; the first borrower may send theirs again (a done step).
    expect(await submit(second.token, second.numbers)).toEqual(SUCCESS);
    expect(await submit(first.token, first.numbers)).toEqual(SUCCESS);
  });

  it('the register holds keyed hashes, never the numbers', async () => {
    const b = await uploaded();
    expect(await submit(b.token, b.numbers)).toEqual(SUCCESS);
    const id = (await h.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [b.phone])).rows[0]!.id;
    const rows = (await register()).filter((r) => r.user_id === id);
    expect(rows.map((r) => [r.kind, r.number_hash]).sort()).toEqual(
      [
        ['aadhaar', identityHash('aadhaar', b.numbers.idNo)],
        ['pan', identityHash('pan', b.numbers.panNo)],
      ].sort(),
    );
    const dump = JSON.stringify(await register());
    expect(dump).not.toContain(b.numbers.idNo);
    expect(dump).not.toContain(b.numbers.panNo);
  });

  it('two borrowers submitting the same numbers at once: one is verified, the other gets the msg', async () => {
    const a = await uploaded();
    const b = await uploaded();
    const numbers = a.numbers;
    const answers = await Promise.all([submit(a.token, numbers), submit(b.token, numbers)]);
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(answers.find((x) => x.code !== 0)).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
    expect([(await status(a.token)).kycAadhaarAndPan, (await status(b.token)).kycAadhaarAndPan].sort()).toEqual([0, 1]);
  });

  it('OTP variant: an Aadhaar another borrower verified gets no OTP (send-otp state 2 with the msg) and no verify', async () => {
    const owner = await uploaded();
    expect(await submit(owner.token, owner.numbers)).toEqual(SUCCESS);
    const phone = freshPhone();
    await control({ phone, kycVariant: 'otp' });
    const { token } = await signIn(h, phone);
    const sent = parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar: owner.numbers.idNo } }));
    expect(sent).toEqual({ state: 2, verifier: { success: false, message: IDENTITY_MESSAGES.aadhaarTaken } });
    const outbox = await h.db.query("SELECT 1 FROM sms_outbox WHERE phone = $1 AND purpose = 'aadhaar'", [phone]);
    expect(outbox.rowCount).toBe(0);
    expect(await api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar: owner.numbers.idNo, otp: '123456' } })).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
  });

  it('OTP variant: verified by OTP but not yet submitted holds nothing; the first to submit has the number', async () => {
    const number = withCheck('67890123456');
    const verifiedBy = async () => {
      const phone = freshPhone();
      await control({ phone, kycVariant: 'otp' });
      const { token } = await signIn(h, phone);
      expect(parsed(AadhaarSendOtp, await api(h.app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar: number } })).state).toBe(0);
      expect((await api(h.app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar: number, otp: await latestCode(h.app, phone) } })).code).toBe(0);
      return { phone, token };
    };
    const a = await verifiedBy();
    const b = await verifiedBy();
    expect(await submit(b.token, { idNo: number, panNo: panForPhone(b.phone, 'Test Borrower') })).toEqual(SUCCESS);
    expect(await submit(a.token, { idNo: number, panNo: panForPhone(a.phone, 'Test Borrower') })).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
  });

  it('the verified personas hold the numbers their documents read; QA’s reset frees a borrower’s numbers', async () => {
    const ravi = personaIdentity('919000000002', 'Ravi');
    expect(ravi).toEqual({ aadhaar: aadhaarFor('919000000002'), pan: panForPhone('919000000002', 'Ravi') });
    const b = await uploaded();
    expect(await submit(b.token, { ...b.numbers, idNo: ravi.aadhaar })).toEqual(refusal(IDENTITY_MESSAGES.aadhaarTaken));
    expect(await submit(b.token, { ...b.numbers, panNo: ravi.pan })).toEqual(refusal(IDENTITY_MESSAGES.panTaken));
    // An unverified persona's numbers are nobody's until it verifies them (Sunita: identity comes 4th).
    const sunita = personaIdentity('919000000006', 'Sunita');
    expect(await takenCount(sunita.aadhaar)).toBe(0);

    const owner = await uploaded();
    expect(await submit(owner.token, owner.numbers)).toEqual(SUCCESS);
    await control({ phone: owner.phone, reset: true });
    const other = await uploaded();
    expect(await submit(other.token, { ...other.numbers, idNo: owner.numbers.idNo, panNo: owner.numbers.panNo })).toEqual(SUCCESS);
  });

  it('a borrower verified again with other numbers (QA marked the step not done) frees the old ones', async () => {
    const b = await uploaded();
    expect(await submit(b.token, b.numbers)).toEqual(SUCCESS);
    await control({ phone: b.phone, flags: { kycAadhaarAndPan: 0 } });
    const again = { ...b.numbers, idNo: withCheck(`8${b.phone.slice(-10)}`), panNo: panForPhone(b.phone, 'Other Person') };
    expect(await submit(b.token, again)).toEqual(SUCCESS);
    const other = await uploaded();
    expect(await submit(other.token, { ...other.numbers, idNo: b.numbers.idNo, panNo: b.numbers.panNo })).toEqual(SUCCESS);
  });

  const takenCount = async (aadhaar: string) =>
    (await h.db.query("SELECT 1 FROM verified_identities WHERE kind = 'aadhaar' AND number_hash = $1", [identityHash('aadhaar', aadhaar)])).rowCount;
});
