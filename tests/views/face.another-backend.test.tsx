/**
 * The face step against another backend that follows the spec's contract but gives
 * `living-config` a shape the spec does not: `{"living-config": {"type": "h5"}}`. The real route,
 * its effects, the API client and the contract answer it; only the backend is played here (fetch
 * and the upload's XMLHttpRequest). A borrower who finished face goes on to the hub before the
 * config is asked for; one who has not sees the face step, without an error and without living-hold.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Client from '../../src/api/client';

/** The backend: the verification status it holds, and every call it was asked (method and path). */
const backend = vi.hoisted(() => {
  const state = { faceDone: false, calls: [] as string[] };
  const envelope = (data: unknown) => JSON.stringify({ code: 0, msg: 'success', data });
  /** What each call answers: the spec's shapes, except living-config, an object. */
  function answer(method: string, path: string): string {
    state.calls.push(`${method} ${path}`);
    if (path === '/api1/auth/v1/find-user-auth')
      return envelope({
        userAuthConfigVoList: [{ key: 'identity' }, { key: 'face' }],
        basic: 1,
        work: 1,
        kycAadhaarAndPan: 1,
        kycFaceAndHold: state.faceDone ? 1 : 0,
        contact: 1,
      });
    if (path === '/api1/auth/v1/living-check-config') return envelope({ 'living-config': { type: 'h5' } });
    if (path === '/api1/auth/v3/living-check') return envelope({ status: 1 });
    return envelope(null);
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    return new Response(answer(request.method, new URL(request.url).pathname), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  /** The photo upload's XMLHttpRequest: answered as soon as it is sent. */
  class Xhr {
    method = '';
    url = '';
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = 200;
        this.responseText = answer(this.method, new URL(this.url).pathname);
        this.onload?.();
      }, 0);
    }
    abort() {
      this.onabort?.();
    }
  }
  return { state, fetch, Xhr };
});

vi.mock('../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof Client>();
  const api = actual.createApiClient({
    base: 'http://lender.test/api1',
    fetch: backend.fetch as typeof fetch,
    xhr: backend.Xhr as unknown as typeof XMLHttpRequest,
    headers: () => ({}),
    sessionChanged: () => false,
    retries: 0,
  });
  return { ...actual, api };
});

const FaceRoute = (await import('../../src/flows/auth/FaceRoute')).default;

const SELFIE = new File([new Uint8Array(600)], 'selfie.jpg', { type: 'image/jpeg' });

function openFace() {
  const memory = memoryLocation({ path: '/auth/index?pid=7', record: true });
  memory.navigate('/auth/face?pid=7&step=2&as=2', { replace: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <FaceRoute />
    </Router>,
  );
  return memory;
}

beforeEach(() => {
  backend.state.calls = [];
});

describe('the face step, living-config sent as an object', () => {
  it('a borrower who finished face goes on to the hub, before the config is asked for', async () => {
    backend.state.faceDone = true;
    const memory = openFace();
    await waitFor(() => expect(memory.history).toEqual(['/auth/index?pid=7']));
    expect(backend.state.calls).toEqual(['GET /api1/auth/v1/find-user-auth']);
    expect(screen.queryByText(/cannot read/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
  });

  it('a borrower who has not sees the face step without an error, and goes to the result without living-hold', async () => {
    backend.state.faceDone = false;
    const memory = openFace();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'I agree' }));
    expect(screen.queryByText(/cannot read/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // I agree is recorded with the lender (a call beyond the spec, not awaited; docs/borrower-rights.md).
    await waitFor(() => expect(backend.state.calls).toEqual(['GET /api1/auth/v1/find-user-auth', 'GET /api1/auth/v1/living-check-config', 'POST /api1/user/v1/consents']));
    await user.upload(screen.getByLabelText(/Your face photo/, { selector: 'input' }), SELFIE);
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(memory.history).toEqual(['/auth/callback?pid=7&step=2&as=2']));
    // The object is not a "yes": no living-hold after the living check.
    expect(backend.state.calls).toEqual(['GET /api1/auth/v1/find-user-auth', 'GET /api1/auth/v1/living-check-config', 'POST /api1/user/v1/consents', 'POST /api1/auth/v3/living-check']);
  });
});
