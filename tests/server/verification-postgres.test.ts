/**
 * The verification tables on a real PostgreSQL server (node-postgres): bytea uploads, text[] step
 * orders, jsonb answers, the OTP rows. Skipped unless TEST_DATABASE_URL is set, like postgres.test.ts:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run --project node tests/server/verification-postgres.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OcrResult, VerificationStatus } from '../../contract/verification';
import { createApp } from '../../server/src/app';
import { openPreparedDb } from '../../server/src/bootstrap';
import { createFakeClock } from '../../server/src/clock';
import { verhoeffCheckDigit } from '../../machines/shared/identity';
import { api, apiForm, fakeImage, freshPhone, latestCode, parsed, signIn, throwAwayPostgres } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('verification on a real PostgreSQL server', () => {
  const database = throwAwayPostgres(adminUrl, 'sandbox_verif');

  it('personas, uploads, OTP, forms and the control API work the same, and survive a restart', async () => {
    const clock = createFakeClock();
    const first = await openPreparedDb({ databaseUrl: database.url() }, clock);
    expect(first.db.kind).toBe('pg');
    expect(first.applied).toContain('004_verification.sql');
    const app = createApp({ db: first.db, clock, log: () => {} });
    const h = { app, clock };

    const sunita = await signIn(h, '919000000006');
    const s = parsed(VerificationStatus, await api(app, 'GET', '/auth/v1/find-user-auth', { token: sunita.token }));
    expect(s.userAuthConfigVoList.map((e) => e.key)).toEqual(['basic', 'work', 'contacts', 'identity', 'face']);
    expect((await api(app, 'GET', '/auth/v1/living-check-config', { token: sunita.token })).data).toEqual({ 'living-config': 1 });

    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    const image = fakeImage(9000, 'png');
    const up = await apiForm(app, '/authen/upload', { type: '1', file: image }, { token });
    const { fileId } = up.data as { fileId: string };
    const back = await app.request(`/api1/authen/file/${fileId}`, { headers: { token } });
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(new Uint8Array(await image.arrayBuffer()));
    expect((await app.request(`/api1/authen/file/${fileId}`, { headers: { token: sunita.token } })).status).toBe(404);
    expect(parsed(OcrResult, await apiForm(app, '/auth/v1/ocr-separate', { type: '1', image, notNeed: '1' }, { token })).name).toBe('Test Borrower');

    const set = await app.request('/sandbox/api/verification', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, kycVariant: 'otp', stepOrder: ['face', 'identity'] }),
    });
    expect(((await set.json()) as { stepOrder: string[] }).stepOrder).toEqual(['face', 'identity']);
    const aadhaar = `23456789012${verhoeffCheckDigit('23456789012')}`;
    expect(((await api(app, 'POST', '/auth/v2/aadhaar/send-otp', { token, json: { aadhaar } })).data as { state: number }).state).toBe(0);
    expect((await api(app, 'POST', '/auth/aadhaar/verify', { token, json: { aadhaar, otp: await latestCode(app, phone) } })).code).toBe(0);
    expect((await api(app, 'POST', '/auth/v1/kyc-info/aadhaar-pan', { token, json: { idNo: aadhaar, panNo: 'ABCPT1234K' } })).code).toBe(0);
    expect((await api(app, 'POST', '/auth/v1/work-info', { token, json: { workState: '3', monthlyIncome: '4000' } })).code).toBe(0);
    expect(((await apiForm(app, '/auth/v3/living-check', { image }, { token })).data as { status: number }).status).toBe(1);
    await first.db.close();

    const second = await openPreparedDb({ databaseUrl: database.url() }, clock);
    expect(second.applied).toEqual([]);
    const app2 = createApp({ db: second.db, clock, log: () => {} });
    const after = parsed(VerificationStatus, await api(app2, 'GET', '/auth/v1/find-user-auth', { token }));
    expect(after.userAuthConfigVoList.map((e) => e.key)).toEqual(['face', 'identity']);
    expect([after.kycAadhaarAndPan, after.kycFaceAndHold, after.work, after.basic, after.contact]).toEqual([1, 1, 1, 0, 0]);
    const answers = await second.db.query<{ answers: Record<string, string> }>(
      `SELECT a.answers FROM verification_answers a JOIN users u ON u.id = a.user_id WHERE u.phone = $1 AND a.step = 'work'`,
      [phone],
    );
    expect(answers.rows[0]?.answers).toEqual({ workState: '3', monthlyIncome: '4000' });
    await second.db.close();
  });
});
