/**
 * Feedback (spec §1, §2 'Feedback dialog', §5): the machine's generated paths replayed on the
 * rendered button and dialog in StrictMode and normal mode (requests counted), then what the
 * borrower does by hand: typing with the counter, a refused character, a paste over the limit,
 * blank text, a double tap, the thank-you, a failure kept for retry with the same key, the draft
 * over a reload, and the button only on home and account.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackMachine, type FeedbackDraft } from '../../machines/feedback/feedback.machine';
import { cases, CONTACT, inputs, serialize, TYPED } from '../../machines/feedback/feedback.cases';
import { FEEDBACK_MAX_LENGTH, feedbackCounter, type CustomerContact } from '../../machines/feedback/feedback.rules';
import { feedbackText } from '../../i18n/en/feedback';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { Shell } from '../../src/app/Shell';
import Feedback, { FeedbackFlow } from '../../src/flows/feedback/Feedback';
import { clientConfig } from '../../src/flows/shared/client-config';
import { ToastHost } from '../../src/ui/ToastHost';
import { tapAndExpectBusy } from '../support/busy';
import { LIMIT_MESSAGES } from '../../server/src/limits';
import type * as content from '../../src/api/content';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({ getClientConfig: vi.fn(), saveFeedback: vi.fn() }));
vi.mock('../../src/api/content', async (original) => ({ ...(await original<Record<string, unknown>>()), ...api }));

const paths = generatePaths(feedbackMachine, { cases, inputs, serialize });

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

type SaveInput = { content: string; idempotencyKey: string };

function setup(strict: boolean, draft: FeedbackDraft | null = null) {
  const contact = fakeCalls<CustomerContact>();
  const save = fakeCalls<void, SaveInput>();
  const toasts: string[] = [];
  const drafts: (FeedbackDraft | 'cleared')[] = [];
  let keys = 0;
  const machine = feedbackMachine.provide({
    actors: { loadContact: contact.actor, save: save.actor },
    actions: {
      persistDraft: (_, { draft: d }) => drafts.push(d),
      clearDraft: () => drafts.push('cleared'),
      showToast: (_, { message }) => toasts.push(english.said(message)),
      newIdempotencyKey: ({ context }) => {
        context.idempotencyKey = `key-${++keys}`;
      },
    },
  });
  const tree = <FeedbackFlow machine={machine} draft={draft} />;
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { contact, save, toasts, drafts };
}

/** What the machine said, in English (the spec's texts). */
const english = textFor(feedbackText, 'en');
const field = () => screen.getByLabelText(feedbackText.en.label) as HTMLTextAreaElement;
const dialog = () => screen.getByRole('dialog', { name: feedbackText.en.title });

describe.each(mode)('feedback paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    let calls!: ReturnType<typeof setup>;
    const settle = async (fake: ReturnType<typeof fakeCalls<never>>, c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => fake.pending());
      await act(async () => ('output' in c ? fake.pending().resolve(c.output as never) : fake.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          calls = setup(strict, path.input?.draft ?? null);
        },
        'feedback.opened': () => user.click(screen.getByRole('button', { name: feedbackText.en.button })),
        'feedback.closed': () => user.click(within(dialog()).getByRole('button', { name: feedbackText.en.cancel })),
        // The field's new value at once (a paste or an autocorrection): key by key would pass through other texts.
        'text.changed': (e) => {
          fireEvent.change(field(), { target: { value: e.value } });
        },
        'feedback.sent': () => user.click(within(dialog()).getByRole('button', { name: feedbackText.en.send })),
        'xstate.done.actor.loadContact': (e) => settle(calls.contact as never, e as ActorDoneCase),
        'xstate.error.actor.loadContact': (e) => settle(calls.contact as never, e as ActorErrorCase),
        'xstate.done.actor.save': (e) => settle(calls.save as never, e as ActorDoneCase),
        'xstate.error.actor.save': (e) => settle(calls.save as never, e as ActorErrorCase),
      },
      assert: (s) => {
        const fab = screen.getByRole('button', { name: feedbackText.en.button });
        expect(fab.getAttribute('aria-expanded')).toBe(String(s.hasTag('open')));
        if (!s.hasTag('open')) {
          expect(screen.queryByRole('dialog')).toBeNull();
          return;
        }
        const c = s.context;
        const d = dialog();
        expect(field().value).toBe(c.text);
        expect(within(d).getByText(feedbackCounter(c.text))).toBeTruthy();
        expect(field().readOnly).toBe(s.hasTag('sending'));
        const notice = d.querySelector('[aria-live="polite"]');
        expect(notice?.textContent).toBe(c.notice ? english(c.notice, { max: FEEDBACK_MAX_LENGTH }) : '');
        if (c.error) expect(within(d).getByRole('alert').textContent).toBe(english.said(c.error));
        else expect(within(d).queryByRole('alert')).toBeNull();
        const phone = within(d).queryByRole('link', { name: CONTACT.phone });
        const email = within(d).queryByRole('link', { name: CONTACT.email });
        expect(phone?.getAttribute('href') ?? null).toBe(c.contact?.phone ? 'tel:+918047182000' : null);
        expect(email?.getAttribute('href') ?? null).toBe(c.contact?.email ? `mailto:${CONTACT.email}` : null);
        const send = within(d).getByRole('button', { name: s.hasTag('sending') ? feedbackText.en.sending : feedbackText.en.send });
        expect(send.getAttribute('aria-busy')).toBe(s.hasTag('sending') ? 'true' : null);
      },
    });
    // Exactly the requests the path makes, StrictMode included (the actor's start is the closed button:
    // nothing is called then). A save is never cut short; a contact load is when the dialog closes.
    expect(calls.save.live().length).toBe(invocations(path.steps, 'save'));
    expect(calls.save.all().length).toBe(invocations(path.steps, 'save'));
    expect(calls.contact.all().length).toBe(invocations(path.steps, 'loadContact'));
    const sent = path.steps.filter((st) => st.event.type === 'xstate.done.actor.save').length;
    expect(calls.toasts).toEqual(Array(sent).fill(feedbackText.en.thanks));
  });
});

describe.each(mode)('feedback by hand (%s)', (_, strict) => {
  it("counts 'n / 300' as the borrower types, keeps Hindi, refuses emoji and symbols and says so once", async () => {
    const user = userEvent.setup();
    setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(document.activeElement).toBe(field());
    await user.type(field(), 'Fast!');
    expect(within(dialog()).getByText('5 / 300')).toBeTruthy();
    await user.type(field(), '😀');
    expect(field().value).toBe('Fast!');
    expect(within(dialog()).getByText('Only letters, digits, spaces and _ ? ! , . are allowed')).toBeTruthy();
    await user.type(field(), '₹');
    expect(field().value).toBe('Fast!');
    expect(within(dialog()).getAllByText('Only letters, digits, spaces and _ ? ! , . are allowed')).toHaveLength(1);
    await user.type(field(), ' ok');
    expect(field().value).toBe('Fast! ok');
    expect(dialog().querySelector('[aria-live="polite"]')?.textContent).toBe('');
    expect(within(dialog()).getByText('8 / 300')).toBeTruthy();
    // Devanagari typed key by key: every letter and vowel sign stays; a vowel sign counts as a character.
    await user.type(field(), ' धन्यवाद।');
    expect(field().value).toBe('Fast! ok धन्यवाद।');
    expect(within(dialog()).getByText('17 / 300')).toBeTruthy();
    expect(dialog().querySelector('[aria-live="polite"]')?.textContent).toBe('');
  });

  it('an input method composing a word: the field is left alone until it commits, then the rules apply', async () => {
    const { save } = setup(strict);
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    const notice = () => dialog().querySelector('[aria-live="polite"]')?.textContent;
    // A transliterating keyboard: Latin letters while composing, the Devanagari word on commit.
    fireEvent.compositionStart(field());
    for (const value of ['m', 'mu', 'muj', 'mujhe']) fireEvent.change(field(), { target: { value } });
    expect(field().value).toBe('mujhe');
    expect(within(dialog()).getByText('5 / 300')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'मुझे' } });
    fireEvent.compositionEnd(field());
    expect(field().value).toBe('मुझे');
    expect(within(dialog()).getByText('4 / 300')).toBeTruthy();
    // A composition holding a refused character is not rewritten while it lasts; its commit is cleaned.
    fireEvent.compositionStart(field());
    fireEvent.change(field(), { target: { value: 'मुझे 😀' } });
    expect(field().value).toBe('मुझे 😀');
    expect(notice()).toBe('');
    fireEvent.change(field(), { target: { value: 'मुझे 😀ऋण' } });
    fireEvent.compositionEnd(field());
    expect(field().value).toBe('मुझे ऋण');
    expect(notice()).toBe('Only letters, digits, spaces and _ ? ! , . are allowed');
    // A repeated input event after the commit (Safari) changes nothing and keeps the notice.
    fireEvent.input(field(), { target: { value: 'मुझे ऋण' } });
    expect(notice()).toBe('Only letters, digits, spaces and _ ? ! , . are allowed');
    // Leaving the field ends a composition even without compositionend.
    fireEvent.compositionStart(field());
    fireEvent.change(field(), { target: { value: 'मुझे ऋण चाहिए' } });
    fireEvent.blur(field());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Send' }));
    expect(save.all().map((c) => c.input.content)).toEqual(['मुझे ऋण चाहिए']);
  });

  it('a paste over the limit keeps the first 300 and says so; typing more keeps the text', async () => {
    const user = userEvent.setup();
    setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.click(field());
    await user.paste(`${'a'.repeat(299)}bcdef`);
    expect(field().value).toBe(`${'a'.repeat(299)}b`);
    expect(within(dialog()).getByText('300 / 300')).toBeTruthy();
    expect(within(dialog()).getByText(english('truncated', { max: FEEDBACK_MAX_LENGTH }))).toBeTruthy();
    await user.type(field(), 'z');
    expect(field().value).toHaveLength(300);
  });

  it('blank text sends nothing and says so', async () => {
    const user = userEvent.setup();
    const { save } = setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
    await user.type(field(), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
    expect(save.all()).toHaveLength(0);
    expect(within(dialog()).getByText('Please write your feedback first.')).toBeTruthy();
  });

  it('Send shows it is working in the render of the tap, and sends once', async () => {
    const user = userEvent.setup();
    const { save } = setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(field(), 'Quick loan');
    tapAndExpectBusy(within(dialog()).getByRole('button', { name: 'Send' }) as HTMLButtonElement);
    expect(save.all()).toHaveLength(1);
  });

  it('a double tap sends once, the trimmed text with one key; then the thank-you and the dialog closes', async () => {
    const user = userEvent.setup();
    const { save, toasts, drafts } = setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(field(), ' Loved it. ');
    await user.dblClick(within(dialog()).getByRole('button', { name: 'Send' }));
    await user.click(within(dialog()).getByRole('button', { name: /Sending/ }));
    expect(save.all()).toHaveLength(1);
    expect(save.all()[0]!.input).toEqual({ content: 'Loved it.', idempotencyKey: 'key-1' });
    await act(async () => save.pending().resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts).toEqual(['Thank you for your feedback']);
    expect(drafts.at(-1)).toBe('cleared');
    expect(save.all()).toHaveLength(1);
  });

  it("a failure shows the server's msg and keeps the text; the retry sends the same key", async () => {
    const user = userEvent.setup();
    const { save } = setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(field(), TYPED);
    await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
    await act(async () => save.pending().reject(new Error('Service busy, please try again')));
    expect(within(dialog()).getByRole('alert').textContent).toBe('Service busy, please try again');
    expect(field().value).toBe(TYPED);
    await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
    expect(save.all().map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('Cancel closes the dialog and keeps the text for the next opening; focus is on the field', async () => {
    const user = userEvent.setup();
    setup(strict);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await user.type(field(), 'Half written');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(field().value).toBe('Half written');
  });
});

describe.each(mode)('the Feedback component with its effects (%s)', (_, strict) => {
  it('shows the customer phone and e-mail from the config, sends once, and keeps an unsent draft over a reload', async () => {
    api.getClientConfig.mockReset().mockResolvedValue({ customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' } });
    api.saveFeedback.mockReset().mockResolvedValue(undefined);
    const user = userEvent.setup();
    const tree = (
      <>
        <Feedback />
        <ToastHost />
      </>
    );
    const first = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect((await within(dialog()).findByRole('link', { name: '+91 80 4718 2000' })).getAttribute('href')).toBe('tel:+918047182000');
    expect(within(dialog()).getByRole('link', { name: 'support@borrower.example' }).getAttribute('href')).toBe('mailto:support@borrower.example');
    await user.type(field(), 'Kept over a reload');
    first.unmount();

    render(strict ? <StrictMode>{tree}</StrictMode> : tree);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(field().value).toBe('Kept over a reload');
    await user.dblClick(within(dialog()).getByRole('button', { name: 'Send' }));
    await screen.findByText('Thank you for your feedback');
    expect(api.saveFeedback).toHaveBeenCalledTimes(1);
    const [form, options] = api.saveFeedback.mock.calls[0] as [{ content: string }, { idempotencyKey: string }];
    expect(form).toEqual({ content: 'Kept over a reload' });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("the sandbox's limit refusal (code 1 and its msg) through the real API call: the dialog shows that msg and keeps the text", async () => {
    api.getClientConfig.mockReset().mockResolvedValue({ customer: null });
    // The app's own client, made afresh on an absolute base (Node's fetch takes no relative URL).
    vi.stubEnv('VITE_API_BASE', 'http://lender.test/api1');
    vi.resetModules();
    const real = await vi.importActual<typeof content>('../../src/api/content');
    api.saveFeedback.mockReset().mockImplementation(real.saveFeedback);
    const msg = LIMIT_MESSAGES.feedbackPerBorrowerMinute(42);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify({ code: 1, msg, data: null }), { headers: { 'content-type': 'application/json' } }));
    try {
      const user = userEvent.setup();
      render(strict ? <StrictMode><Feedback /></StrictMode> : <Feedback />);
      await user.click(screen.getByRole('button', { name: 'Feedback' }));
      await user.type(field(), 'One more note');
      await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
      const alert = await within(dialog()).findByRole('alert');
      expect(alert.textContent).toBe('You have sent a lot of feedback in the last minute. Please try again in 42 seconds.');
      expect(field().value).toBe('One more note');
      const sent = fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
      expect(sent).toEqual(['http://lender.test/api1/opinion-record/v1/save']);
      expect(screen.queryByText('Thank you for your feedback')).toBeNull();
    } finally {
      fetchSpy.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('leaves the contact lines out when the config has no customer', async () => {
    api.getClientConfig.mockReset().mockResolvedValue({ customer: null });
    const user = userEvent.setup();
    render(strict ? <StrictMode><Feedback /></StrictMode> : <Feedback />);
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    await waitFor(() => expect(api.getClientConfig).toHaveBeenCalled());
    expect(within(dialog()).queryByRole('link')).toBeNull();
    expect(within(dialog()).queryByText(feedbackText.en.intro)).toBeNull();
  });
});


// The app reads the config once per session: each test mocks its own.
beforeEach(() => clientConfig.reset());

describe('the floating button in the shell', () => {
  it.each([
    ['/', true],
    ['/personal', true],
    ['/schedule', false],
  ])('%s: shown %s', async (pathname, shown) => {
    render(
      <Shell pathname={pathname}>
        <main>page</main>
      </Shell>,
    );
    if (shown) expect(await screen.findByRole('button', { name: 'Feedback' })).toBeTruthy();
    else {
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Feedback' })).toBeNull();
    }
  });
});
