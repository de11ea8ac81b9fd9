/**
 * The face step (/auth/face): the face machine's generated paths replayed on the rendered screen
 * (with the real image pipeline beside it), in StrictMode and normal mode, counting the calls; then
 * focused tests: consent before any camera or file input, the spec's message, a failed living check,
 * living-hold once for a double tap, the compressor on a big photo, and the real route's navigation.
 */
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { faceMachine } from '../../machines/face/face.machine';
import { cases, FACE_DONE, FACE_PENDING, HOLD, inputs, NO_HOLD, serialize } from '../../machines/face/face.cases';
import { faceText } from '../../i18n/en/face';
import { textFor } from '../../src/ui/text';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import type { CompressInput, ImageFile, UploadImageInput } from '../../machines/upload/upload.machine';
import type { LivingCheck, LivingCheckConfig } from '../../contract/verification';
import type { StepStatus } from '../../machines/shared/steps';
import { FaceFlow } from '../../src/flows/auth/FaceRoute';
import { fromCall } from '../../src/lib/abortable';
import { fakeCalls, type Deferred } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({ getLivingCheckConfig: vi.fn(), getVerificationStatus: vi.fn(), livingCheck: vi.fn(), livingHold: vi.fn(), keepStatusAhead: vi.fn() }));
vi.mock('../../src/api/verification', () => api);

const paths = generatePaths(faceMachine, { cases, inputs, serialize });
/** What the machine said, in English (the spec's texts). */
const english = textFor(faceText, 'en');

const MAX = 1000;
const photo = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const SELFIE = photo('selfie.jpg', 'image/jpeg', 600);
const HUGE_SELFIE = photo('huge.jpg', 'image/jpeg', 3000);
const SMALLER = photo('huge.jpg', 'image/jpeg', 700);
const PDF = photo('statement.pdf', 'application/pdf', 300);
const QUERY = inputs.step.query;
const RESULT = { to: '/auth/callback?pid=7&step=2&as=5', replace: true };
const HUB = { to: '/auth/index?pid=7', replace: true };

function setup(strict: boolean, { load }: { load?: (signal: AbortSignal) => Promise<LivingCheckConfig> } = {}) {
  const user = userEvent.setup({ applyAccept: false });
  const status = fakeCalls<StepStatus>();
  const config = fakeCalls<LivingCheckConfig>();
  const check = fakeCalls<LivingCheck, { file: ImageFile; fileName: string }>();
  const hold = fakeCalls<void>();
  // Every call started, aborted ones included: a second one must not even start.
  const upload = vi.fn(({ file, fileName }: UploadImageInput, signal: AbortSignal): Promise<unknown> => check.call({ file, fileName }, signal));
  const holds = vi.fn(hold.call);
  const navigate = vi.fn();
  const compress = vi.fn(async (_: CompressInput, _signal: AbortSignal) => SMALLER as ImageFile);
  const machine = faceMachine.provide({
    actors: {
      loadStatus: load ? fromCall(async () => FACE_PENDING) : status.actor,
      loadConfig: load ? fromCall((_, signal) => load(signal)) : config.actor,
      livingHold: fromCall(holds),
    },
    actions: { navigate: (_, params) => navigate(params) },
  });
  const { hook } = memoryLocation({ path: '/auth/face' });
  const tree = (
    <Router hook={hook}>
      <FaceFlow machine={machine} query={QUERY} photo={{ upload: fromCall(upload), compress: fromCall(compress), maxBytes: MAX }} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const settle = async <T,>(calls: { pending: () => Deferred<T> }, outcome: { value: T } | { error: unknown }) => {
    await waitFor(() => calls.pending());
    await act(async () => ('value' in outcome ? calls.pending().resolve(outcome.value) : calls.pending().reject(outcome.error)));
  };
  /** The status says the face step is still to do, then the config answers: consent shows. */
  const open = async (answer: LivingCheckConfig) => {
    await settle(status, { value: FACE_PENDING });
    await settle(config, { value: answer });
  };
  return { user, status, config, check, upload, hold, holds, navigate, compress, settle, open };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const faceError = () => document.querySelector('.face-error')!.textContent;

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

describe.each(mode)('face paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const h = setup(strict);
    let picks = 0;
    const pick = async (file: File) => {
      await h.user.upload(fileInput()!, file);
      if (file.type.startsWith('image/')) picks++;
    };
    await replayPath(path, {
      act: {
        'xstate.done.actor.loadStatus': (e) => h.settle(h.status, { value: (e as ActorDoneCase).output as StepStatus }),
        'xstate.error.actor.loadStatus': (e) => h.settle(h.status, { error: (e as ActorErrorCase).error }),
        'xstate.done.actor.loadConfig': (e) => h.settle(h.config, { value: (e as ActorDoneCase).output as LivingCheckConfig }),
        'xstate.error.actor.loadConfig': (e) => h.settle(h.config, { error: (e as ActorErrorCase).error }),
        'load.retried': () => h.user.click(screen.getByRole('button', { name: 'Try again' })),
        'consent.given': () => h.user.click(screen.getByRole('button', { name: 'I agree' })),
        // Another photo, refused at once by the pipeline (not an image): nothing is checked any more.
        'photo.changed': () => pick(PDF),
        // A photo, and its living check answering.
        'photo.checked': async (e) => {
          await pick(SELFIE);
          await h.settle(h.check, { value: { status: e.status } });
        },
        'face.submitted': () => h.user.click(continueButton()),
        'xstate.done.actor.livingHold': () => h.settle(h.hold, { value: undefined }),
        'xstate.error.actor.livingHold': (e) => h.settle(h.hold, { error: (e as ActorErrorCase).error }),
      },
      assert: async (s) => {
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Loading');
        if (s.matches('loadFailed')) {
          expect(await screen.findByText(s.context.error ? english.said(s.context.error) : '')).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        }
        if (s.matches('consent')) expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
        // No camera and no file input before 'I agree'.
        if (!s.hasTag('capture')) expect(fileInput()).toBeNull();
        if (s.hasTag('capture')) {
          expect(fileInput()?.getAttribute('capture')).toBe('user');
          expect(faceError()).toBe(s.context.error ? english.said(s.context.error) : '');
          expect(continueButton().getAttribute('aria-busy')).toBe(s.hasTag('locked') ? 'true' : null);
        }
        // A step done before the visit goes to the hub; a capture finished now, to the result page.
        await waitFor(() => expect(h.navigate.mock.calls).toEqual(s.matches('done') ? [[RESULT]] : s.matches('alreadyDone') ? [[HUB]] : []));
      },
    });
    expect(h.status.live().length).toBe(invocations(path.steps, 'loadStatus'));
    expect(h.config.live().length).toBe(invocations(path.steps, 'loadConfig'));
    expect(h.hold.live().length).toBe(invocations(path.steps, 'livingHold'));
    expect(h.upload).toHaveBeenCalledTimes(picks);
  });
});

describe.each(mode)('face step (%s)', (_, strict) => {
  it('asks for consent before offering the camera or a file, with the step shown', async () => {
    const h = setup(strict);
    expect(screen.getByText('Step 2 / 5')).toBeTruthy();
    await h.open(NO_HOLD);
    expect(screen.getByRole('heading', { name: 'Before we take your photo' })).toBeTruthy();
    expect(fileInput()).toBeNull();
    expect(screen.getByRole('link', { name: 'Not now' }).getAttribute('href')).toBe('/product/7');
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    const input = fileInput()!;
    expect(input.getAttribute('capture')).toBe('user');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(screen.getByLabelText(/Your face photo/, { selector: 'input' })).toBe(input);
    expect(h.status.live()).toHaveLength(1);
    expect(h.config.live()).toHaveLength(1);
  });

  it("says 'Please Upload Face Recognition ' on Continue without a photo, and calls nothing", async () => {
    const h = setup(strict);
    await h.open(HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Please Upload Face Recognition ');
    expect(faceText.en.required).toBe('Please Upload Face Recognition ');
    expect(h.upload).toHaveBeenCalledTimes(0);
    expect(h.holds).toHaveBeenCalledTimes(0);
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it("shows the living check's msg on a failure, with the file input cleared, and Retry sends the same photo", async () => {
    const h = setup(strict);
    await h.open(NO_HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    expect(h.upload).toHaveBeenCalledTimes(1);
    expect(continueButton().getAttribute('aria-busy')).toBe('true');
    await h.settle(h.check, { error: new Error('No face detected, please try again') });
    expect(await screen.findByText('No face detected, please try again')).toBeTruthy();
    expect(fileInput()!.value).toBe('');
    expect(fileInput()!.files?.length ?? 0).toBe(0);
    // Continue now: nothing was checked.
    await h.user.click(continueButton());
    expect(faceError()).toBe('Please Upload Face Recognition ');
    await h.user.click(screen.getByRole('button', { name: 'Retry uploading Your face photo' }));
    expect(h.upload).toHaveBeenCalledTimes(2);
    expect(h.upload.mock.calls[1]![0].file).toBe(SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    expect(faceError()).toBe('');
    await h.user.click(continueButton());
    expect(h.navigate.mock.calls).toEqual([[RESULT]]);
    expect(h.holds).toHaveBeenCalledTimes(0);
  });

  it("a refusal by the server (code ≠ 0) shows its msg and drops the photo: no preview, no Retry, a new photo is needed", async () => {
    const h = setup(strict);
    await h.open(NO_HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { error: Object.assign(new Error('No face found, please take another photo'), { kind: 'server' }) });
    expect(await screen.findByText('No face found, please take another photo')).toBeTruthy();
    expect(fileInput()!.value).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry uploading Your face photo' })).toBeNull();
    await h.user.click(continueButton());
    expect(faceError()).toBe('Please Upload Face Recognition ');
    await h.user.upload(fileInput()!, SELFIE);
    expect(h.upload).toHaveBeenCalledTimes(2);
  });

  it('calls living-hold once for a double tap (and Enter) when the config asks for it, then goes to the result once', async () => {
    const h = setup(strict);
    await h.open(HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    await h.user.dblClick(continueButton());
    await h.user.keyboard('{Enter}');
    expect(h.holds).toHaveBeenCalledTimes(1);
    expect(continueButton().getAttribute('aria-busy')).toBe('true');
    expect(fileInput()!.disabled).toBe(true);
    await h.settle(h.hold, { value: undefined });
    await h.user.click(continueButton());
    expect(h.holds).toHaveBeenCalledTimes(1);
    expect(h.upload).toHaveBeenCalledTimes(1);
    expect(h.navigate.mock.calls).toEqual([[RESULT]]);
  });

  it('goes to the result page without a hold when the check already failed (status 2)', async () => {
    const h = setup(strict);
    await h.open(HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 2 } });
    await h.user.click(continueButton());
    expect(h.holds).toHaveBeenCalledTimes(0);
    expect(h.navigate.mock.calls).toEqual([[RESULT]]);
  });

  it('shows the msg of a failed living-hold; Continue tries the hold again', async () => {
    const h = setup(strict);
    await h.open(HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    await h.user.click(continueButton());
    await h.settle(h.hold, { error: new Error('Service busy, please try again') });
    expect(faceError()).toBe('Service busy, please try again');
    await h.user.click(continueButton());
    await h.settle(h.hold, { value: undefined });
    expect(h.holds).toHaveBeenCalledTimes(2);
    expect(h.navigate.mock.calls).toEqual([[RESULT]]);
  });

  it('asks for the status before the config: nothing else is loaded until it says the face step is still to do', async () => {
    const h = setup(strict);
    await waitFor(() => h.status.pending());
    expect(h.config.live()).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await h.settle(h.status, { value: FACE_PENDING });
    await waitFor(() => h.config.pending());
    expect(h.status.live()).toHaveLength(1);
  });

  it('a failed status shows the reason; Try again starts over from the status', async () => {
    const h = setup(strict);
    await h.settle(h.status, { error: new Error('Network busy, please try again') });
    expect(await screen.findByText('Network busy, please try again')).toBeTruthy();
    expect(h.config.live()).toHaveLength(0);
    await h.user.click(screen.getByRole('button', { name: 'Try again' }));
    await h.open(NO_HOLD);
    expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
  });

  it('a face step done before this visit replaces the page with the hub: no config, no consent, no camera, nothing sent', async () => {
    const h = setup(strict);
    await h.settle(h.status, { value: FACE_DONE });
    await waitFor(() => expect(h.navigate.mock.calls).toEqual([[{ to: '/auth/index?pid=7', replace: true }]]));
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(fileInput()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(h.upload).not.toHaveBeenCalled();
    expect(h.holds).not.toHaveBeenCalled();
    expect(h.config.live()).toHaveLength(0);
  });

  it('compresses a photo over the limit before the living check, and refuses a file that is not an image', async () => {
    const h = setup(strict);
    await h.open(NO_HOLD);
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, PDF);
    expect(await screen.findByText('Only image files can be uploaded')).toBeTruthy();
    expect(h.upload).toHaveBeenCalledTimes(0);
    await h.user.upload(fileInput()!, HUGE_SELFIE);
    await waitFor(() => expect(h.upload).toHaveBeenCalledTimes(1));
    expect(h.compress).toHaveBeenCalledWith({ file: HUGE_SELFIE, quality: 0.5 }, expect.anything());
    expect(h.upload.mock.calls[0]![0].file).toBe(SMALLER);
  });
});

describe('StrictMode remount (development)', () => {
  it('does not report the first, aborted load: consent is shown', async () => {
    const load = (signal: AbortSignal) =>
      new Promise<LivingCheckConfig>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('The request was cancelled.')));
        setTimeout(() => resolve(NO_HOLD), 10);
      });
    setup(true, { load });
    expect(await screen.findByRole('button', { name: 'I agree' })).toBeTruthy();
    expect(screen.queryByText('The request was cancelled.')).toBeNull();
  });
});

describe('the /auth/face route', () => {
  it('replaces the face page with /auth/callback, keeping pid, step and as', async () => {
    api.getLivingCheckConfig.mockReset().mockResolvedValue(HOLD);
    api.getVerificationStatus.mockReset().mockResolvedValue({ userAuthConfigVoList: [], ...FACE_PENDING });
    api.livingCheck.mockReset().mockResolvedValue({ status: 1 });
    api.livingHold.mockReset().mockResolvedValue(undefined);
    const { default: FaceRoute } = await import('../../src/flows/auth/FaceRoute');
    const memory = memoryLocation({ path: '/auth/index?pid=7', record: true });
    memory.navigate('/auth/face?pid=7&step=2&as=5', { replace: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <FaceRoute />
      </Router>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'I agree' }));
    await user.upload(fileInput()!, SELFIE);
    await waitFor(() => expect(continueButton().getAttribute('aria-busy')).toBeNull());
    await user.click(continueButton());
    await waitFor(() => expect(memory.history).toEqual(['/auth/callback?pid=7&step=2&as=5']));
    expect(api.livingCheck).toHaveBeenCalledTimes(1);
    expect(api.livingCheck.mock.calls[0]![0]).toBe(SELFIE);
    expect(api.livingHold).toHaveBeenCalledTimes(1);
  });

  it('with the face step done (find-user-auth), replaces /auth/face with the hub instead of asking again, before asking for the config', async () => {
    api.getLivingCheckConfig.mockReset().mockResolvedValue(HOLD);
    api.getVerificationStatus.mockReset().mockResolvedValue({ userAuthConfigVoList: [], ...FACE_DONE });
    api.livingCheck.mockReset();
    api.livingHold.mockReset();
    const { default: FaceRoute } = await import('../../src/flows/auth/FaceRoute');
    const memory = memoryLocation({ path: '/product/7', record: true });
    memory.navigate('/auth/face?pid=7&step=2&as=5');
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <FaceRoute />
      </Router>,
    );
    await waitFor(() => expect(memory.history).toEqual(['/product/7', '/auth/index?pid=7']));
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(api.getVerificationStatus).toHaveBeenCalled();
    expect(api.getLivingCheckConfig).not.toHaveBeenCalled();
    expect(api.livingCheck).not.toHaveBeenCalled();
    expect(api.livingHold).not.toHaveBeenCalled();
  });
});
