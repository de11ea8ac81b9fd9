import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { feedbackMachine, type FeedbackDraft } from '../../machines/feedback/feedback.machine';
import { cases, CONTACT, DRAFT_KEY, HINDI, inputs, serialize, TYPED } from '../../machines/feedback/feedback.cases';
import {
  applyEdit,
  cleanText,
  FEEDBACK_MAX_LENGTH,
  feedbackContent,
  feedbackCounter,
  feedbackLength,
  feedbackProblem,
  hasContent,
  isFeedbackChar,
  mailtoHref,
  telHref,
} from '../../machines/feedback/feedback.rules';
import { feedbackText } from '../../i18n/en/feedback';
import { textFor } from '../../src/ui/text';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(feedbackMachine, { cases, inputs, serialize });

/** The Hindi sentence the end-to-end test types: vowel signs, a vowel letter (ऋ) and the danda. */
const SENTENCE = 'मुझे ऋण की जानकारी चाहिए।';

describe('feedback rules', () => {
  it('allows letters of any script with their marks, digits of any script, _ ? ! , . । and space', () => {
    for (const ch of 'azAZ09_?!,. ') expect(isFeedbackChar(ch), ch).toBe(true);
    // Devanagari: consonants, vowels, vowel signs (matras), virama, nukta (combining and precomposed),
    // candrabindu, anusvara, visarga, avagraha, om, the digits ०–९, and the danda as a period.
    for (const ch of ['क', 'ऋ', 'ा', 'ि', 'ी', 'ु', 'े', 'ै', 'ो', 'ौ', 'ृ', '्', '\u093c', '\u0958', '\u095b', 'ँ', 'ं', 'ः', 'ऽ', 'ॐ', '०', '५', '९', '।'])
      expect(isFeedbackChar(ch), `${ch} U+${ch.codePointAt(0)!.toString(16)}`).toBe(true);
    // Other scripts' letters and digits, and accents typed as combining marks.
    for (const ch of ['é', 'ñ', 'ß', 'ক', 'த', 'ਪ', 'ع', '٣', '\u0301', '𝐀']) expect(isFeedbackChar(ch), ch).toBe(true);
  });

  it('refuses emoji, symbols, other punctuation and invisible characters', () => {
    const refused = [
      ...['😀', '👍', '❤', '\ufe0f', '\ufe0e', '\u20e3', '🇮', '🏽', '\u200d', '\u200c', '\u200b'],
      ...['₹', '$', '%', '+', '=', '@', '#', '/', '-', "'", '"', ':', ';', '<', '(', '©', '™', '°', '•', '…', '“'],
      ...['॥', '॰', '\n', '\t', '\u00a0', '\u3000'],
    ];
    for (const ch of refused) expect(isFeedbackChar(ch), JSON.stringify(ch)).toBe(false);
    // An emoji's parts that are marks or digits to Unicode: only the plain digit stays.
    expect(cleanText('1️⃣ ❤️ 👨‍👩‍👧 👍🏽')).toBe('1   ');
  });

  it('keeps Hindi whole: vowel signs, conjuncts, nukta, Devanagari digits, the danda', () => {
    for (const text of [SENTENCE, HINDI, 'क्षमा, श्रम, द्वार, त्र', 'ज\u093cरूरत फ\u093cोन', '\u095bरूरत \u095eोन', 'मेरा ऋण ५००० रुपये का है।', 'EMI कब है?']) {
      expect(applyEdit('', text), text).toEqual({ text, notice: null, caret: null });
      expect(feedbackProblem(text), text).toBeNull();
    }
  });

  it('keeps every key of Hindi typed one by one, a vowel sign arriving alone too', () => {
    let text = '';
    for (const ch of SENTENCE) {
      const edit = applyEdit(text, text + ch);
      expect(edit.notice, `U+${ch.codePointAt(0)!.toString(16)}`).toBeNull();
      text = edit.text;
    }
    expect(text).toBe(SENTENCE);
    // A mark typed where its letter is not (yet): kept, never stripped for arriving alone.
    expect(applyEdit('', 'ि').text).toBe('ि');
    expect(applyEdit('क ', 'क ी').text).toBe('क ी');
    // A letter typed before a mark already there (the caret moved back), and a vowel sign replaced.
    expect(applyEdit('ि', 'कि').text).toBe('कि');
    expect(applyEdit('कि', 'की').text).toBe('की');
  });

  it('leaves refused characters out of an edit, typed or pasted, and says so', () => {
    expect(applyEdit('Hi', 'Hi😀')).toEqual({ text: 'Hi', notice: 'refused', caret: 2 });
    expect(applyEdit('', 'ok 😀 धन्यवाद')).toEqual({ text: 'ok  धन्यवाद', notice: 'refused', caret: 11 });
    expect(applyEdit('धन्यवाद', 'धन्यवाद 🙏')).toEqual({ text: 'धन्यवाद ', notice: 'refused', caret: 8 });
    expect(applyEdit('ab', 'a-b')).toEqual({ text: 'ab', notice: 'refused', caret: 1 });
    expect(applyEdit('', 'line one\nline two')).toMatchObject({ text: 'line oneline two', notice: 'refused' });
    expect(applyEdit('Good', 'Good app.')).toEqual({ text: 'Good app.', notice: null, caret: null });
    expect(applyEdit('Good app', 'Good')).toEqual({ text: 'Good', notice: null, caret: null });
  });

  it('edits letters outside the BMP as one character, never half of one', () => {
    expect(applyEdit('𝐀', '𝐁')).toEqual({ text: '𝐁', notice: null, caret: null });
    expect(applyEdit('𝐀', '😀')).toEqual({ text: '', notice: 'refused', caret: 0 });
    expect(applyEdit('a𝐀b', 'a😀b')).toEqual({ text: 'ab', notice: 'refused', caret: 1 });
  });

  it('counts code points, as the server and PostgreSQL do: a vowel sign is a character', () => {
    expect(feedbackLength('')).toBe(0);
    expect(feedbackLength('की')).toBe(2);
    expect(feedbackLength('क्ष')).toBe(3);
    expect(feedbackLength('ज\u093c')).toBe(2);
    expect(feedbackLength('\u095b')).toBe(1);
    expect(feedbackLength('𝐀')).toBe(1);
    expect(feedbackLength(SENTENCE)).toBe(25);
    expect(feedbackCounter(SENTENCE)).toBe('25 / 300');
    expect(feedbackCounter('x'.repeat(12))).toBe('12 / 300');
    expect(feedbackProblem('की'.repeat(150))).toBeNull();
    expect(feedbackProblem(`${'की'.repeat(150)}a`)).toBe('tooLong');
    expect(feedbackProblem('𝐀'.repeat(300))).toBeNull();
    expect(applyEdit('', '𝐀'.repeat(301)).text).toBe('𝐀'.repeat(300));
  });

  it('keeps at most 300 characters: the first of a paste; typing into a full field keeps the text', () => {
    const long = 'x'.repeat(FEEDBACK_MAX_LENGTH + 50);
    expect(applyEdit('', long)).toEqual({ text: 'x'.repeat(300), notice: 'truncated', caret: 300 });
    const pasted = `${'a'.repeat(290)}${'b'.repeat(20)}`;
    expect(applyEdit('', pasted).text).toBe(`${'a'.repeat(290)}${'b'.repeat(10)}`);
    const full = 'y'.repeat(300);
    expect(applyEdit(full, `${full}z`)).toEqual({ text: full, notice: 'truncated', caret: 300 });
    // In the middle: what was there stays, the insertion is cut to fit.
    const almost = `${'m'.repeat(148)}|${'n'.repeat(149)}`.replace('|', '');
    expect(almost.length).toBe(297);
    expect(applyEdit(almost, `${'m'.repeat(148)}ABCDE${'n'.repeat(149)}`)).toEqual({
      text: `${'m'.repeat(148)}ABC${'n'.repeat(149)}`,
      notice: 'truncated',
      caret: 151,
    });
    expect(applyEdit('', `${'ok '.repeat(120)}😀`)).toMatchObject({ notice: 'refusedAndTruncated' });
    expect(cleanText('a😀b'.repeat(200)).length).toBe(300);
  });

  it('never cuts a letter from its vowel signs at the limit', () => {
    const base = 'a'.repeat(298);
    // 'की' and 'किं' do not fit after 299 characters: the whole syllable is left out.
    expect(applyEdit(`${base}b`, `${base}bकी`)).toEqual({ text: `${base}b`, notice: 'truncated', caret: 299 });
    expect(applyEdit(base, `${base}कखी`)).toEqual({ text: `${base}क`, notice: 'truncated', caret: 299 });
    expect(applyEdit(base, `${base}किं`)).toMatchObject({ text: base, notice: 'truncated' });
    expect(applyEdit(base, `${base}की`)).toEqual({ text: `${base}की`, notice: null, caret: null });
  });

  it('counts blank text as nothing to send, and sends the text trimmed', () => {
    expect(hasContent('')).toBe(false);
    expect(hasContent('   ')).toBe(false);
    expect(hasContent(' a ')).toBe(true);
    expect(feedbackContent('  Nice app!  ')).toBe('Nice app!');
  });

  it('gives the server the same rule: 1–300 characters of the allowed set', () => {
    expect(feedbackProblem('')).toBe('empty');
    expect(feedbackProblem('   ')).toBe('empty');
    expect(feedbackProblem('a'.repeat(300))).toBeNull();
    expect(feedbackProblem('a'.repeat(301))).toBe('tooLong');
    expect(feedbackProblem('नमस्ते')).toBeNull();
    expect(feedbackProblem('fine 😀')).toBe('refused');
    expect(feedbackProblem('अच्छा ₹')).toBe('refused');
    expect(feedbackProblem('x\ud800')).toBe('refused');
    expect(feedbackProblem('Good, fast_service? Yes!')).toBeNull();
  });

  it('links the customer contact (tel:, mailto:) only when it is one', () => {
    expect(telHref('+91 80 4718 2000')).toBe('tel:+918047182000');
    expect(telHref('080-4718-2000')).toBe('tel:08047182000');
    expect(telHref('')).toBeNull();
    expect(telHref('call us')).toBeNull();
    expect(mailtoHref('support@borrower.example')).toBe('mailto:support@borrower.example');
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('javascript:alert(1)')).toBeNull();
  });
});

describe('feedback machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(feedbackMachine, paths);
    expect(coverage.missing, formatCoverage('feedback', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThanOrEqual(15);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      const c = s.context;
      expect(feedbackLength(c.text)).toBeLessThanOrEqual(FEEDBACK_MAX_LENGTH);
      expect(cleanText(c.text)).toBe(c.text);
      // An edit of allowed text that fits is kept whole, Hindi included.
      if (step.event.type === 'text.changed' && s.hasTag('open') && !s.hasTag('sending') && feedbackProblem(step.event.value) === null)
        expect(c.text).toBe(step.event.value);
      if (s.hasTag('sending')) {
        expect(hasContent(c.text)).toBe(true);
        expect(c.idempotencyKey).not.toBeNull();
      }
      if (s.matches('closed')) expect(s.hasTag('open')).toBe(false);
      if (s.hasTag('failed')) expect(c.error).toBeTruthy();
    }
  });
});

describe('feedback machine with provided effects', () => {
  const run = (draft: FeedbackDraft | null, save: (input: { content: string; idempotencyKey: string }) => Promise<void>) => {
    const drafts: (FeedbackDraft | 'cleared')[] = [];
    const toasts: string[] = [];
    const sends: { content: string; idempotencyKey: string }[] = [];
    const actor = createActor(
      feedbackMachine.provide({
        actors: {
          loadContact: fromPromise(async () => CONTACT),
          save: fromPromise(({ input }) => {
            sends.push(input);
            return save(input);
          }),
        },
        actions: {
          persistDraft: (_, { draft: d }) => drafts.push(d),
          clearDraft: () => drafts.push('cleared'),
          showToast: (_, { message }) => toasts.push(textFor(feedbackText, 'en').said(message)),
        },
      }),
      { input: { draft } },
    );
    return { actor, drafts, toasts, sends };
  };
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('sends the trimmed text once; a second tap while sending does nothing; then thanks and closes', async () => {
    let answer!: () => void;
    const { actor, drafts, toasts, sends } = run(null, () => new Promise<void>((r) => (answer = r)));
    actor.start();
    actor.send({ type: 'feedback.opened' });
    await tick();
    expect(actor.getSnapshot().context.contact).toEqual(CONTACT);
    actor.send({ type: 'text.changed', value: '  Quick and easy!  ' });
    actor.send({ type: 'feedback.sent' });
    actor.send({ type: 'feedback.sent' });
    actor.send({ type: 'feedback.closed' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.content).toBe('Quick and easy!');
    answer();
    await tick();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(toasts).toEqual(['Thank you for your feedback']);
    expect(drafts.at(-1)).toBe('cleared');
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('a failure keeps the text and the key: the retry sends the same key; an edit drops it', async () => {
    let fail = true;
    const { actor, sends } = run(null, async () => {
      if (fail) throw new Error('Server busy');
    });
    actor.start();
    actor.send({ type: 'feedback.opened' });
    actor.send({ type: 'text.changed', value: TYPED });
    actor.send({ type: 'feedback.sent' });
    await tick();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ server: 'Server busy' });
    expect(actor.getSnapshot().context.text).toBe(TYPED);
    actor.send({ type: 'feedback.sent' });
    await tick();
    expect(sends.map((s) => s.idempotencyKey)).toEqual([sends[0]!.idempotencyKey, sends[0]!.idempotencyKey]);
    actor.send({ type: 'text.changed', value: `${TYPED} Thanks` });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    // Spaces around the text do not change what is sent: the key stays.
    actor.send({ type: 'feedback.sent' });
    await tick();
    const key = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'text.changed', value: `${TYPED} Thanks ` });
    expect(actor.getSnapshot().context.idempotencyKey).toBe(key);
    fail = false;
    actor.send({ type: 'feedback.sent' });
    await tick();
    expect(sends.at(-1)!.idempotencyKey).toBe(key);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('Hindi typed key by key (each vowel sign an edit of its own) is kept, counted and sent whole', async () => {
    const { actor, sends, drafts } = run(null, async () => {});
    actor.start();
    actor.send({ type: 'feedback.opened' });
    let field = '';
    for (const ch of SENTENCE) {
      field += ch;
      actor.send({ type: 'text.changed', value: field });
      expect(actor.getSnapshot().context).toMatchObject({ text: field, notice: null });
    }
    expect(drafts.at(-1)).toEqual({ text: SENTENCE, idempotencyKey: null });
    actor.send({ type: 'feedback.sent' });
    await tick();
    expect(sends.map((x) => x.content)).toEqual([SENTENCE]);
  });

  it('a reload in the middle of a send: the draft keeps the text and its key, Send uses that key', async () => {
    const { actor, sends } = run({ text: TYPED, idempotencyKey: DRAFT_KEY }, async () => {});
    actor.start();
    actor.send({ type: 'feedback.opened' });
    expect(actor.getSnapshot().context.text).toBe(TYPED);
    actor.send({ type: 'feedback.sent' });
    await tick();
    expect(sends).toEqual([{ content: TYPED, idempotencyKey: DRAFT_KEY }]);
  });

  it('a stored draft that breaks the rules is cleaned, and its key dropped', () => {
    const { actor } = run({ text: 'ok😀', idempotencyKey: DRAFT_KEY }, async () => {});
    actor.start();
    expect(actor.getSnapshot().context).toMatchObject({ text: 'ok', idempotencyKey: null });
  });

  it('blank text sends nothing and says so', () => {
    const { actor, sends } = run(null, async () => {});
    actor.start();
    actor.send({ type: 'feedback.opened' });
    actor.send({ type: 'text.changed', value: '   ' });
    actor.send({ type: 'feedback.sent' });
    expect(sends).toHaveLength(0);
    expect(actor.getSnapshot().context.notice).toBe('empty');
  });
});
