/**
 * The app opening on a screen asks for what that screen reads first beside its chunk (the route
 * table's `reads`): home's data as the app opens on `/`, nothing for a screen without reads.
 */
import { describe, expect, it, vi } from 'vitest';

const home = vi.hoisted(() => ({ readHomeAhead: vi.fn() }));
vi.mock('../../src/api/home', () => home);

const { startFirstReads } = await import('../../src/app/App');

describe('the first reads', () => {
  it('home starts its reads as the app opens on it; the sign-in screen reads nothing', async () => {
    startFirstReads('/login');
    startFirstReads('/no/such/page');
    await vi.waitFor(() => expect(home.readHomeAhead).not.toHaveBeenCalled());
    startFirstReads('/');
    await vi.waitFor(() => expect(home.readHomeAhead).toHaveBeenCalledTimes(1));
  });
});
