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
import { FACE_MESSAGES, faceMachine } from '../../machines/face/face.machine';
import { cases, serialize } from '../../machines/face/face.cases';
import type { ImageFile } from '../../machines/upload/upload.machine';
import { FaceFlow, type FaceDeps } from '../../src/flows/auth/FaceRoute';
import { deferred, generatePaths, invocations, replayPath, type ActorDoneCase, type ActorErrorCase, type Deferred } from '../support/model';

const api = vi.hoisted(() => ({ getLivingCheckConfig: vi.fn(), livingCheck: vi.fn(), livingHold: vi.fn() }));
vi.mock('../../src/api/verification', () => api);

const paths = generatePaths(faceMachine, { cases, serialize });

const MAX = 1000;
const photo = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const SELFIE = photo('selfie.jpg', 'image/jpeg', 600);
const HUGE_SELFIE = photo('huge.jpg', 'image/jpeg', 3000);
const SMALLER = photo('huge.jpg', 'image/jpeg', 700);
const PDF = photo('statement.pdf', 'application/pdf', 300);
const QUERY = { pid: '7', step: 2, total: 5 };

/** Calls of a fake: one deferred per call, with its arguments; calls whose signal aborted are set aside. */
function fakeCalls<A extends unknown[], T>(signalOf: (...args: A) => AbortSignal) {
  const calls: { args: A; d: Deferred<T>; signal: AbortSignal }[] = [];
  const fn = (...args: A) => {
    const d = deferred<T>();
    calls.push({ args, d, signal: signalOf(...args) });
    return d.promise;
  };
  const live = () => calls.filter((c) => !c.signal.aborted);
  const pending = () => live().filter((c) => !c.d.settled).at(-1)?.d ?? null;
  return { fn, calls, live, pending };
}

function setup(strict: boolean, over: Partial<FaceDeps> = {}) {
  const user = userEvent.setup({ applyAccept: false });
  const config = fakeCalls<[AbortSignal], { needsHold: boolean }>((s) => s);
  const check = fakeCalls<[ImageFile, string, { signal: AbortSignal; onProgress: (f: number) => void }], { status: number | null }>((_f, _n, o) => o.signal);
  const hold = fakeCalls<[AbortSignal], void>((s) => s);
  const goToResult = vi.fn();
  const compress = vi.fn(async () => SMALLER as ImageFile);
  const deps: FaceDeps = { loadConfig: config.fn, livingCheck: check.fn, livingHold: hold.fn, goToResult, compress, maxBytes: MAX, ...over };
  const { hook } = memoryLocation({ path: '/auth/face' });
  const tree = (
    <Router hook={hook}>
      <FaceFlow query={QUERY} deps={deps} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const settle = async <T,>(calls: { pending: () => Deferred<T> | null }, outcome: { value: T } | { error: unknown }) => {
    await waitFor(() => expect(calls.pending()).not.toBeNull());
    await act(async () => ('value' in outcome ? calls.pending()!.resolve(outcome.value) : calls.pending()!.reject(outcome.error)));
  };
  return { user, config, check, hold, goToResult, compress, settle };
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
        'xstate.done.actor.loadConfig': (e) => h.settle(h.config, { value: (e as ActorDoneCase).output as { needsHold: boolean } }),
        'xstate.error.actor.loadConfig': (e) => h.settle(h.config, { error: (e as ActorErrorCase).error }),
        'config.retried': () => h.user.click(screen.getByRole('button', { name: 'Try again' })),
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
        if (s.matches('loadingConfig')) expect(screen.getByRole('status').textContent).toContain('Loading');
        if (s.matches('configFailed')) {
          expect(await screen.findByText(s.context.error ?? '')).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        }
        if (s.matches('consent')) expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
        // No camera and no file input before 'I agree'.
        if (!s.hasTag('capture') && !s.matches('done')) expect(fileInput()).toBeNull();
        if (s.hasTag('capture')) {
          expect(fileInput()?.getAttribute('capture')).toBe('user');
          expect(faceError()).toBe(s.context.error ?? '');
          expect(continueButton().getAttribute('aria-busy')).toBe(s.matches('holding') ? 'true' : null);
        }
        await waitFor(() => expect(h.goToResult).toHaveBeenCalledTimes(s.matches('done') ? 1 : 0));
      },
    });
    expect(h.config.live().length).toBe(invocations(path.steps, 'loadConfig'));
    expect(h.hold.live().length).toBe(invocations(path.steps, 'livingHold'));
    expect(h.check.calls.length).toBe(picks);
  });
});

describe.each(mode)('face step (%s)', (_, strict) => {
  it('asks for consent before offering the camera or a file, with the step shown', async () => {
    const h = setup(strict);
    expect(screen.getByText('Step 2 / 5')).toBeTruthy();
    await h.settle(h.config, { value: { needsHold: false } });
    expect(screen.getByRole('heading', { name: 'Before we take your photo' })).toBeTruthy();
    expect(fileInput()).toBeNull();
    expect(screen.getByRole('link', { name: 'Not now' }).getAttribute('href')).toBe('/product/7');
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    const input = fileInput()!;
    expect(input.getAttribute('capture')).toBe('user');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(screen.getByLabelText(/Your face photo/, { selector: 'input' })).toBe(input);
    expect(h.config.live()).toHaveLength(1);
  });

  it("says 'Please Upload Face Recognition ' on Continue without a photo, and calls nothing", async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: true } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.click(continueButton());
    expect(screen.getByRole('alert').textContent).toBe('Please Upload Face Recognition ');
    expect(FACE_MESSAGES.required).toBe('Please Upload Face Recognition ');
    expect(h.check.calls).toHaveLength(0);
    expect(h.hold.calls).toHaveLength(0);
    expect(h.goToResult).not.toHaveBeenCalled();
  });

  it("shows the living check's msg on a failure, with the file input cleared, and Retry sends the same photo", async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: false } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    expect(h.check.calls).toHaveLength(1);
    expect(continueButton().getAttribute('aria-busy')).toBe('true');
    await h.settle(h.check, { error: new Error('No face detected, please try again') });
    expect(await screen.findByText('No face detected, please try again')).toBeTruthy();
    expect(fileInput()!.value).toBe('');
    expect(fileInput()!.files?.length ?? 0).toBe(0);
    // Continue now: nothing was checked.
    await h.user.click(continueButton());
    expect(faceError()).toBe('Please Upload Face Recognition ');
    await h.user.click(screen.getByRole('button', { name: 'Retry uploading Your face photo' }));
    expect(h.check.calls).toHaveLength(2);
    expect(h.check.calls[1]!.args[0]).toBe(SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    expect(faceError()).toBe('');
    await h.user.click(continueButton());
    expect(h.goToResult).toHaveBeenCalledTimes(1);
    expect(h.hold.calls).toHaveLength(0);
  });

  it("a refusal by the server (code ≠ 0) shows its msg and drops the photo: no preview, no Retry, a new photo is needed", async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: false } });
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
    expect(h.check.calls).toHaveLength(2);
  });

  it('calls living-hold once for a double tap (and Enter) when the config asks for it, then goes to the result once', async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: true } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    await h.user.dblClick(continueButton());
    await h.user.keyboard('{Enter}');
    expect(h.hold.calls).toHaveLength(1);
    expect(continueButton().getAttribute('aria-busy')).toBe('true');
    expect(fileInput()!.disabled).toBe(true);
    await h.settle(h.hold, { value: undefined });
    await h.user.click(continueButton());
    expect(h.hold.calls).toHaveLength(1);
    expect(h.check.calls).toHaveLength(1);
    expect(h.goToResult).toHaveBeenCalledTimes(1);
  });

  it('goes to the result page without a hold when the check already failed (status 2)', async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: true } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 2 } });
    await h.user.click(continueButton());
    expect(h.hold.calls).toHaveLength(0);
    expect(h.goToResult).toHaveBeenCalledTimes(1);
  });

  it('shows the msg of a failed living-hold; Continue tries the hold again', async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: true } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, SELFIE);
    await h.settle(h.check, { value: { status: 1 } });
    await h.user.click(continueButton());
    await h.settle(h.hold, { error: new Error('Service busy, please try again') });
    expect(faceError()).toBe('Service busy, please try again');
    await h.user.click(continueButton());
    await h.settle(h.hold, { value: undefined });
    expect(h.hold.calls).toHaveLength(2);
    expect(h.goToResult).toHaveBeenCalledTimes(1);
  });

  it('compresses a photo over the limit before the living check, and refuses a file that is not an image', async () => {
    const h = setup(strict);
    await h.settle(h.config, { value: { needsHold: false } });
    await h.user.click(screen.getByRole('button', { name: 'I agree' }));
    await h.user.upload(fileInput()!, PDF);
    expect(await screen.findByText('Only image files can be uploaded')).toBeTruthy();
    expect(h.check.calls).toHaveLength(0);
    await h.user.upload(fileInput()!, HUGE_SELFIE);
    await waitFor(() => expect(h.check.calls).toHaveLength(1));
    expect(h.compress).toHaveBeenCalledWith(HUGE_SELFIE, 0.5, expect.anything());
    expect(h.check.calls[0]!.args[0]).toBe(SMALLER);
  });
});

describe('StrictMode remount (development)', () => {
  it('does not report the first, aborted config call: consent is shown', async () => {
    const loadConfig = (signal: AbortSignal) =>
      new Promise<{ needsHold: boolean }>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('The request was cancelled.')));
        setTimeout(() => resolve({ needsHold: false }), 10);
      });
    setup(true, { loadConfig });
    expect(await screen.findByRole('button', { name: 'I agree' })).toBeTruthy();
    expect(screen.queryByText('The request was cancelled.')).toBeNull();
  });
});

describe('the /auth/face route', () => {
  it('replaces the face page with /auth/callback, keeping pid, step and as', async () => {
    api.getLivingCheckConfig.mockReset().mockResolvedValue({ needsHold: true });
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
});
