/** The face result page (/auth/callback): status 1 success with the way on to KYC, anything else failure with the way back. */
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { FaceResult } from '../../contract/verification';
import { FaceResultFlow } from '../../src/flows/auth/FaceResultRoute';
import { readStepQuery } from '../../src/flows/auth/step';
import { fakeCalls } from '../support/fakes';

const api = vi.hoisted(() => ({ getFaceResult: vi.fn() }));
vi.mock('../../src/api/verification', () => api);

function renderResult(strict: boolean, search = '?pid=7&step=2&as=5') {
  const result = fakeCalls<FaceResult>();
  const { hook } = memoryLocation({ path: `/auth/callback${search}` });
  const tree = (
    <Router hook={hook}>
      <FaceResultFlow query={readStepQuery(search)} load={result.fn} />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const settle = async (outcome: FaceResult | Error) => {
    await waitFor(() => expect(result.live().filter((c) => !c.d.settled)).toHaveLength(1));
    const d = result.pending();
    await act(async () => (outcome instanceof Error ? d.reject(outcome) : d.resolve(outcome)));
  };
  return { live: result.live, settle };
}

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
])('face result (%s)', (_, strict) => {
  it("status 1: success, and Continue goes to /auth/kyc with the same pid (not the face step's number)", async () => {
    const r = renderResult(strict);
    expect(screen.getByText('Step 2 / 5')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Getting your result…');
    await r.settle({ status: 1 });
    expect(screen.getByRole('heading', { name: 'Face recognition successful' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/auth/kyc?pid=7');
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(r.live()).toHaveLength(1);
  });

  it.each([0, 2, 5])('status %i: failure, and Try again goes back to /auth/face with the same query', async (status) => {
    const r = renderResult(strict);
    await r.settle({ status });
    expect(screen.getByRole('heading', { name: 'Face recognition failed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/auth/face?pid=7&step=2&as=5');
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it('a failed load shows the msg and a retry that loads again', async () => {
    const r = renderResult(strict);
    await r.settle(new Error('Service busy, please try again'));
    expect(screen.getByRole('alert').textContent).toContain('Service busy, please try again');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await r.settle({ status: 1 });
    expect(screen.getByRole('heading', { name: 'Face recognition successful' })).toBeTruthy();
    expect(r.live()).toHaveLength(2);
  });

  it('without step and as, the links keep the pid and no step line is shown', async () => {
    const r = renderResult(strict, '?pid=7');
    await r.settle({ status: 2 });
    expect(screen.queryByText(/Step \d/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/auth/face?pid=7');
  });
});

describe('StrictMode remount (development)', () => {
  it('does not report the first, aborted face-result call', async () => {
    let calls = 0;
    const loadResult = (signal: AbortSignal) =>
      new Promise<{ status: number }>((resolve, reject) => {
        calls++;
        signal.addEventListener('abort', () => reject(new Error('The request was cancelled.')));
        setTimeout(() => resolve({ status: 1 }), 10);
      });
    render(
      <StrictMode>
        <Router hook={memoryLocation({ path: '/auth/callback' }).hook}>
          <FaceResultFlow query={readStepQuery('?pid=7')} load={loadResult} />
        </Router>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Face recognition successful' })).toBeTruthy();
    expect(screen.queryByText('The request was cancelled.')).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('the /auth/callback route', () => {
  it('reads GET authen/h5/face-result and the query of the location', async () => {
    api.getFaceResult.mockReset().mockResolvedValue({ status: 1 });
    const { default: FaceResultRoute } = await import('../../src/flows/auth/FaceResultRoute');
    const memory = memoryLocation({ path: '/auth/callback?pid=3&step=1&as=2' });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <FaceResultRoute />
      </Router>,
    );
    expect((await screen.findByRole('link', { name: 'Continue' })).getAttribute('href')).toBe('/auth/kyc?pid=3');
    expect(api.getFaceResult).toHaveBeenCalledTimes(1);
  });
});
