/**
 * The hub sends the borrower to a step with the lender's status in hand: the step starts with that
 * answer, and its GETs are asked side by side while its screen loads. A step's submit forgets the
 * status read before it, so the hub asks the lender again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropReadAhead } from '../../src/api/read-ahead';
import { getPageInfo, getStates, getVerificationStatus, readStepAhead, submitBaseInfo } from '../../src/api/verification';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { stepOf, verificationEffects } from '../../src/flows/auth/verification.effects';
import { session } from '../../src/lib/session';

const STATUS = { userAuthConfigVoList: [{ key: 'basic' }], basic: 0, work: 0, kycAadhaarAndPan: 1, kycFaceAndHold: 1, contact: 0 };
const ANSWERS: Record<string, unknown> = {
  '/auth/v1/find-user-auth': { ...STATUS, basic: 1 },
  '/auth/v1/auth-page-info': [{ key: 'State', value: 'state', dataType: 4 }],
  '/map-state/v1/list': [{ id: '16', name: 'Karnataka' }],
  '/auth/v2/auth-page-info': { canHidden: [], cannotHidden: [] },
  '/auth/v1/base-info': null,
};
// The client, faked at its one door: every call answers by its path, and is counted.
const calls = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../src/api/client', () => ({
  api: {
    call: async (entry: { path: string }) => {
      calls.paths.push(entry.path);
      return ANSWERS[entry.path] ?? null;
    },
  },
}));

beforeEach(() => {
  session.signIn({ token: 't-1', phone: '919876543210' });
  calls.paths = [];
});
afterEach(() => {
  dropReadAhead();
  session.clear();
});

describe("a step's reads ahead", () => {
  it('the basic form: its status is the one the hub has, its form and the states are asked together, once', async () => {
    readStepAhead('basic', STATUS);
    await vi.waitFor(() => expect(calls.paths.sort()).toEqual(['/auth/v1/auth-page-info', '/map-state/v1/list']));
    expect(await getVerificationStatus()).toEqual(STATUS);
    expect(await getPageInfo('baseInfo')).toHaveLength(1);
    expect(await getStates()).toEqual([{ id: '16', name: 'Karnataka' }]);
    expect(calls.paths).toHaveLength(2);
  });

  it("a step's submit forgets the status read before it: the hub asks the lender again", async () => {
    readStepAhead('basic', STATUS);
    await submitBaseInfo({ state: '16' }, { idempotencyKey: '00000000-0000-4000-8000-000000000001' });
    expect((await getVerificationStatus()).basic).toBe(1);
    expect(calls.paths.filter((p) => p === '/auth/v1/find-user-auth')).toHaveLength(1);
  });
});

describe('the hub', () => {
  it('names the step an address leads to', () => {
    expect(stepOf('/auth/basic?pid=7&step=3')).toBe('basic');
    expect(stepOf('/auth/kyc')).toBe('kyc');
    expect(stepOf('/auth/index?pid=7')).toBeNull();
    expect(stepOf('/product/7')).toBeNull();
  });

  it('sends the borrower to a step with its status and its reads under way; to another page, nothing ahead', async () => {
    const nav = vi.fn();
    const effects = verificationEffects(nav);
    const status = createActor(effects.actors!.loadStatus as AnyActorLogic, { input: {} }).start();
    await toPromise(status);
    const navigate = effects.actions!.navigate as (args: unknown, params: { to: string; replace?: boolean }) => void;
    navigate({}, { to: '/product/7', replace: true });
    expect(calls.paths).toEqual(['/auth/v1/find-user-auth']);
    navigate({}, { to: '/auth/work?pid=7', replace: true });
    expect(nav.mock.calls).toEqual([
      ['/product/7', { replace: true }],
      ['/auth/work?pid=7', { replace: true }],
    ]);
    await vi.waitFor(() => expect(calls.paths.slice(1).sort()).toEqual(['/auth/v2/auth-page-info', '/map-state/v1/list']));
    // The work step's own first read is the hub's answer.
    expect(await getVerificationStatus()).toEqual({ ...STATUS, basic: 1 });
    expect(calls.paths).toHaveLength(3);
  });
});
