/**
 * The privacy centre's calls (docs/sandbox/accounts-and-privacy.md 'Privacy: consents and deletion requests'; beyond the
 * spec, contract/beyond-spec.ts): a consent recorded at the lender's time, a withdrawal honoured where
 * the data arrives (images, the location), deletion requests and QA deciding them, another borrower
 * refused, bad input answered with the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SPEC } from '../../contract/beyond-spec';
import { ConsentItem, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { CONSENT_MESSAGES, PRIVACY_MESSAGES } from '../../server/src/domain/privacy';
import { api, apiForm, fakeImage, freshPhone, parsed, refused, signIn, startHarness, userIdOf, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const { privacy, giveConsent, withdrawConsent, requestDeletion } = BEYOND_SPEC;

async function control(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await h.app.request(path, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const overview = async (token: string) => parsed(PrivacyOverview, await api(h.app, 'GET', privacy.path, { token }));
const LOCATION = { gps: { address: '', latitude: 12.9716, longitude: 77.5946 } };

describe('consents', () => {
  it('needs a session', async () => {
    expect((await api(h.app, 'GET', privacy.path)).code).toBe(-4);
    expect((await api(h.app, 'POST', giveConsent.path, { json: { purpose: 'face' } })).code).toBe(-4);
  });

  it('records a consent given at the time of the lender’s clock, and its withdrawal at its own', async () => {
    h.clock.set('2026-03-02T04:30:00.000Z');
    const { token } = await signIn(h, freshPhone());
    expect(await overview(token)).toEqual({ consents: [], deletionRequests: [] });
    h.clock.set('2026-03-02T04:30:00.000Z');
    const given = parsed(ConsentItem, await api(h.app, 'POST', giveConsent.path, { token, json: { purpose: 'identity' } }));
    expect(given).toEqual({ purpose: 'identity', givenAt: '2026-03-02 10:00:00', withdrawnAt: '' });

    h.clock.set('2026-03-03T04:30:00.000Z');
    const withdrawn = parsed(ConsentItem, await api(h.app, 'POST', withdrawConsent.path, { token, json: { purpose: 'identity' } }));
    expect(withdrawn).toEqual({ purpose: 'identity', givenAt: '2026-03-02 10:00:00', withdrawnAt: '2026-03-03 10:00:00' });
    // Withdrawing twice keeps the first time.
    h.clock.set('2026-03-04T04:30:00.000Z');
    expect(parsed(ConsentItem, await api(h.app, 'POST', withdrawConsent.path, { token, json: { purpose: 'identity' } })).withdrawnAt).toBe('2026-03-03 10:00:00');
    expect((await overview(token)).consents).toEqual([withdrawn]);
  });

  it('refuses the Aadhaar and PAN images under a withdrawn consent, stores nothing, and takes them again once given', async () => {
    const phone = freshPhone();
    const { token } = await signIn(h, phone);
    expect((await apiForm(h.app, '/authen/upload', { type: '1', file: fakeImage(2048) }, { token })).code).toBe(0);
    await api(h.app, 'POST', withdrawConsent.path, { token, json: { purpose: 'identity' } });
    refused(await apiForm(h.app, '/authen/upload', { type: '2', file: fakeImage(2048) }, { token }), CONSENT_MESSAGES.identity);
    refused(await apiForm(h.app, '/auth/v1/ocr-separate', { type: '1', image: fakeImage(2048), notNeed: '1' }, { token }), CONSENT_MESSAGES.identity);
    const stored = await h.db.query<{ type: number }>('SELECT type FROM verification_uploads WHERE user_id = $1 ORDER BY type', [await userIdOf(h, phone)]);
    expect(stored.rows).toEqual([{ type: 1 }]);
    // The face photo is a consent of its own.
    expect((await apiForm(h.app, '/authen/upload', { type: '4', file: fakeImage(2048) }, { token })).code).toBe(0);
    await api(h.app, 'POST', giveConsent.path, { token, json: { purpose: 'identity' } });
    expect((await apiForm(h.app, '/authen/upload', { type: '2', file: fakeImage(2048) }, { token })).code).toBe(0);
  });

  it('refuses a location under a withdrawn consent, and the face photo under its own', async () => {
    const { token } = await signIn(h, freshPhone());
    await api(h.app, 'POST', withdrawConsent.path, { token, json: { purpose: 'location' } });
    refused(await api(h.app, 'POST', '/device/v1/upload/device_info', { token, json: LOCATION }), CONSENT_MESSAGES.location);
    await api(h.app, 'POST', withdrawConsent.path, { token, json: { purpose: 'face' } });
    refused(await apiForm(h.app, '/authen/upload', { type: '4', file: fakeImage(2048) }, { token }), CONSENT_MESSAGES.face);
    await api(h.app, 'POST', giveConsent.path, { token, json: { purpose: 'location' } });
    expect((await api(h.app, 'POST', '/device/v1/upload/device_info', { token, json: LOCATION })).code).toBe(0);
  });

  it('answers bad input with the envelope and a message naming what is wrong', async () => {
    const { token } = await signIn(h, freshPhone());
    refused(await api(h.app, 'POST', giveConsent.path, { token, json: { purpose: 'contacts' } }), 'purpose must be one of identity, face, location, device');
    refused(await api(h.app, 'POST', withdrawConsent.path, { token, json: {} }), 'purpose is required');
    expect((await api(h.app, 'POST', giveConsent.path, { token, body: '{"purpose":' })).code).toBe(1);
  });
});

describe('deletion requests', () => {
  it('one open request at a time; QA moves it to done or declined with a reason; the borrower sees it', async () => {
    const phone = freshPhone();
    h.clock.set('2026-04-01T06:30:00.000Z');
    const { token } = await signIn(h, phone);
    h.clock.set('2026-04-01T06:30:00.000Z');
    const first = parsed(DeletionRequest, await api(h.app, 'POST', requestDeletion.path, { token, json: {} }));
    expect(first).toMatchObject({ state: 'received', requestedAt: '2026-04-01 12:00:00', decidedAt: '', reason: '' });
    // Asking again while it is open is the same request.
    expect(parsed(DeletionRequest, await api(h.app, 'POST', requestDeletion.path, { token, json: {} })).id).toBe(first.id);

    expect((await control('POST', `/sandbox/api/privacy/requests/${first.id}`, { decision: 'declined' })).body).toEqual({ error: PRIVACY_MESSAGES.reasonNeeded });
    expect((await control('POST', `/sandbox/api/privacy/requests/${first.id}`, { decision: 'maybe' })).status).toBe(400);
    h.clock.set('2026-04-02T06:30:00.000Z');
    const done = await control('POST', `/sandbox/api/privacy/requests/${first.id}`, { decision: 'done', reason: 'Loan records are kept for 5 years by law.' });
    expect(done.body).toMatchObject({ id: first.id, state: 'done', decidedAt: '2026-04-02 12:00:00', reason: 'Loan records are kept for 5 years by law.' });
    expect((await control('POST', `/sandbox/api/privacy/requests/${first.id}`, { decision: 'declined', reason: 'x' })).status).toBe(409);

    const second = parsed(DeletionRequest, await api(h.app, 'POST', requestDeletion.path, { token, json: {} }));
    expect(second.id).not.toBe(first.id);
    expect((await overview(token)).deletionRequests.map((r) => [r.id, r.state])).toEqual([
      [second.id, 'received'],
      [first.id, 'done'],
    ]);
    const qa = (await control('GET', `/sandbox/api/privacy?phone=${phone}`)).body;
    expect(qa).toMatchObject({ phone, deletionRequests: [{ id: second.id }, { id: first.id }] });
    const page = await (await h.app.request(`/sandbox?phone=${phone}`)).text();
    expect(page).toContain('id="privacy"');
    expect(page).toContain(`/sandbox/api/privacy/requests/${second.id}`);
  });

  it('another borrower sees none of them and cannot have one decided through their own', async () => {
    const a = await signIn(h, freshPhone());
    const b = await signIn(h, freshPhone());
    const mine = parsed(DeletionRequest, await api(h.app, 'POST', requestDeletion.path, { token: a.token, json: {} }));
    await api(h.app, 'POST', giveConsent.path, { token: a.token, json: { purpose: 'face' } });
    expect(await overview(b.token)).toEqual({ consents: [], deletionRequests: [] });
    expect((await overview(a.token)).deletionRequests.map((r) => r.id)).toEqual([mine.id]);
    expect((await control('POST', '/sandbox/api/privacy/requests/ffffffffffffffffffffffff', { decision: 'done' })).status).toBe(404);
    expect((await control('GET', '/sandbox/api/privacy?phone=12')).status).toBe(400);
  });
});
