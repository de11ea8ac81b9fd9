/**
 * Feedback (POST /opinion-record/v1/save, form: content): stored for the signed-in borrower with the
 * app's rule (1–300 characters, counted as code points, of letters of any script with their marks,
 * digits, _ ? ! , . । and space, trimmed), a clear msg for anything else, one row per
 * Idempotency-Key, the /sandbox page listing the latest, and at most 5 a minute and 20 a day per
 * borrower.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { DEFAULT_LIMITS, LIMIT_MESSAGES } from '../../server/src/limits';
import { FEEDBACK_MESSAGES } from '../../server/src/routes/feedback';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { api, apiForm, freshPhone, signIn, startHarness, type Envelope, type Harness, refused } from './helpers';

let h: Harness;
let token: string;
let phone: string;
beforeAll(async () => {
  // One borrower sends every content case here within a minute: the limits have tests of their own below.
  h = await startHarness({ limits: { feedbackPerBorrowerMinute: 1000 } });
  phone = freshPhone();
  ({ token } = await signIn(h, phone));
});
afterAll(async () => {
  await h.close();
});

const stored = async () =>
  (await h.db.query<{ content: string }>('SELECT f.content FROM feedback f JOIN users u ON u.id = f.user_id WHERE u.phone = $1 ORDER BY f.id', [phone])).rows.map(
    (r) => r.content,
  );

describe('POST /opinion-record/v1/save', () => {
  it('stores the trimmed content of a multipart form, and of a URL-encoded one', async () => {
    const before = (await stored()).length;
    expect(await apiForm(h.app, '/opinion-record/v1/save', { content: '  Quick approval, thanks!  ' }, { token })).toEqual({ code: 0, msg: 'success', data: null });
    const res = await h.app.request('/api1/opinion-record/v1/save', {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ content: 'Good_app? Yes!' }).toString(),
    });
    expect(((await res.json()) as Envelope).code).toBe(0);
    expect((await stored()).slice(before)).toEqual(['Quick approval, thanks!', 'Good_app? Yes!']);
  });

  it('stores Hindi as sent, from a multipart form, a URL-encoded one and JSON', async () => {
    const before = (await stored()).length;
    const hindi = 'मुझे ऋण की जानकारी चाहिए।';
    expect(await apiForm(h.app, '/opinion-record/v1/save', { content: hindi }, { token })).toEqual({ code: 0, msg: 'success', data: null });
    const res = await h.app.request('/api1/opinion-record/v1/save', {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ content: 'ज\u093cरूरत ५००० रुपये की है, क्या मिलेगा?' }).toString(),
    });
    expect(((await res.json()) as Envelope).code).toBe(0);
    expect((await api(h.app, 'POST', '/opinion-record/v1/save', { token, json: { content: 'धन्यवाद! Quick loan.' } })).code).toBe(0);
    expect((await stored()).slice(before)).toEqual([hindi, 'ज\u093cरूरत ५००० रुपये की है, क्या मिलेगा?', 'धन्यवाद! Quick loan.']);
    const html = await (await h.app.request('/sandbox')).text();
    expect(html).toContain(hindi);
  });

  it('counts as the app does, code points: 300 Hindi characters (900 bytes) are kept, 301 refused', async () => {
    const full = 'की'.repeat(150);
    expect((await apiForm(h.app, '/opinion-record/v1/save', { content: full }, { token })).code).toBe(0);
    const row = await h.db.query<{ n: number; bytes: number }>('SELECT char_length(content) AS n, octet_length(content) AS bytes FROM feedback WHERE content = $1', [full]);
    expect(row.rows[0]).toEqual({ n: 300, bytes: 900 });
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content: `${full}क` }, { token }), FEEDBACK_MESSAGES.tooLong);
    // URL-encoded, 300 letters outside the BMP are 3,600 bytes: still under the body limit, and kept.
    const wide = '𝐀'.repeat(300);
    const res = await h.app.request('/api1/opinion-record/v1/save', {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ content: wide }).toString(),
    });
    expect(((await res.json()) as Envelope).code).toBe(0);
    expect((await stored()).at(-1)).toBe(wide);
  });

  it('keeps exactly 300 characters, refuses 301', async () => {
    expect((await apiForm(h.app, '/opinion-record/v1/save', { content: 'a'.repeat(300) }, { token })).code).toBe(0);
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content: 'a'.repeat(301) }, { token }), FEEDBACK_MESSAGES.tooLong);
  });

  it.each([
    ['emoji', 'Nice 😀'],
    ['an emoji in Hindi', 'बहुत अच्छा 👍'],
    ['a heart with its variation selector', 'धन्यवाद ❤️'],
    ['a symbol', 'ऋण ₹5000'],
    ['the double danda', 'धन्यवाद॥'],
    ['a hyphen', 'well-made'],
    ['a new line', 'line\nline'],
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'x\ud800'],
    ['markup', '<script>alert(1)</script>'],
  ])('refuses %s with a clear msg', async (_, content) => {
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content }, { token }), FEEDBACK_MESSAGES.refused);
  });

  it('refuses empty, blank and missing content, and a body that is not a form', async () => {
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content: '' }, { token }), FEEDBACK_MESSAGES.empty);
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content: '    ' }, { token }), FEEDBACK_MESSAGES.empty);
    refused(await apiForm(h.app, '/opinion-record/v1/save', {}, { token }), FEEDBACK_MESSAGES.empty);
    refused(await apiForm(h.app, '/opinion-record/v1/save', { content: new Blob(['x']) }, { token }), FEEDBACK_MESSAGES.notForm);
    refused(await api(h.app, 'POST', '/opinion-record/v1/save', { token, body: '{' }), FEEDBACK_MESSAGES.notForm);
    expect((await api(h.app, 'POST', '/opinion-record/v1/save', { token, json: { content: 'As JSON.' } })).code).toBe(0);
  });

  it('needs a session', async () => {
    expect((await apiForm(h.app, '/opinion-record/v1/save', { content: 'Hello' })).code).toBe(-4);
  });

  it('stores one row per Idempotency-Key: the repeat replays the answer', async () => {
    const before = (await stored()).length;
    const headers = { 'Idempotency-Key': 'feedback-key-0001' };
    const send = async () => {
      const form = new FormData();
      form.append('content', 'Sent twice by a double tap.');
      return h.app.request('/api1/opinion-record/v1/save', { method: 'POST', headers: { token, ...headers }, body: form });
    };
    const first = await send();
    const second = await send();
    expect(((await first.json()) as Envelope).code).toBe(0);
    expect(((await second.json()) as Envelope).code).toBe(0);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await stored()).slice(before)).toEqual(['Sent twice by a double tap.']);
  });

  it('shows the latest feedback on the /sandbox page, escaped', async () => {
    await apiForm(h.app, '/opinion-record/v1/save', { content: 'Shown to QA.' }, { token });
    const res = await h.app.request('/sandbox');
    const html = await res.text();
    expect(html).toContain('<h2 id="feedback">Feedback</h2>');
    expect(html).toContain('Shown to QA.');
    expect(html).toContain(`+91 ${phone.slice(2)}`);
  });
});

describe('feedback per borrower', () => {
  async function save(app: ReturnType<typeof createApp>, t: string, content: string, headers: Record<string, string> = {}): Promise<Envelope> {
    const res = await app.request('/api1/opinion-record/v1/save', {
      method: 'POST',
      headers: { token: t, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ content }),
    });
    return (await res.json()) as Envelope;
  }
  const count = async (p: string) =>
    (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback f JOIN users u ON u.id = f.user_id WHERE u.phone = $1', [p])).rows[0]!.n;

  it('the reported flood (300 saves at once) stores 5; the 6th says when to try again; another borrower is not affected', async () => {
    const app = createApp({ db: h.db, clock: h.clock, log: () => {} });
    const p = freshPhone();
    const { token: t } = await signIn(h, p);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => save(app, t, `Flood ${i}`)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEFAULT_LIMITS.feedbackPerBorrowerMinute);
    expect(answers.find((a) => a.code !== 0)).toEqual({ code: 1, msg: LIMIT_MESSAGES.feedbackPerBorrowerMinute(60), data: null });
    expect(LIMIT_MESSAGES.feedbackPerBorrowerMinute(60)).toBe('You have sent a lot of feedback in the last minute. Please try again in 60 seconds.');
    expect(await count(p)).toBe(DEFAULT_LIMITS.feedbackPerBorrowerMinute);
    const other = freshPhone();
    expect((await save(app, (await signIn(h, other)).token, 'Mine')).code).toBe(0);
    await h.clock.advance(60_000);
    expect((await save(app, t, 'A minute later')).code).toBe(0);
  });

  it('per IST day: 20, then "try again tomorrow" until IST midnight', async () => {
    const app = createApp({ db: h.db, clock: h.clock, log: () => {} });
    h.clock.set('2026-05-04T06:30:00.000Z'); // 12:00 IST
    const p = freshPhone();
    const { token: t } = await signIn(h, p);
    const answers: Envelope[] = [];
    for (let i = 0; i < 25; i++) {
      answers.push(await save(app, t, `Note ${i}`));
      await h.clock.advance(20_000);
    }
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEFAULT_LIMITS.feedbackPerBorrowerDay);
    expect(answers.slice(DEFAULT_LIMITS.feedbackPerBorrowerDay)).toEqual(Array(5).fill({ code: 1, msg: LIMIT_MESSAGES.feedbackPerBorrowerDay(0), data: null }));
    h.clock.set('2026-05-04T18:30:00.000Z'); // 00:00 IST
    expect((await save(app, t, 'A new day')).code).toBe(0);
  });

  it('only what is stored counts: refused texts and replays of a key take nothing', async () => {
    const app = createApp({ db: h.db, clock: h.clock, log: () => {}, limits: { feedbackPerBorrowerMinute: 1 } });
    const { token: t } = await signIn(h, freshPhone());
    for (const bad of ['', 'no <markup>', 'x'.repeat(301)]) expect((await save(app, t, bad)).code).toBe(1);
    expect((await save(app, t, 'Once', { 'Idempotency-Key': 'feedback-limit-0001' })).code).toBe(0);
    expect((await save(app, t, 'Once', { 'Idempotency-Key': 'feedback-limit-0001' })).code).toBe(0);
    expect((await save(app, t, 'Twice')).msg).toBe(LIMIT_MESSAGES.feedbackPerBorrowerMinute(60));
  });
});
