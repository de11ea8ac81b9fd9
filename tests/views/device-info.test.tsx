/**
 * The device-data check on home (src/app/DeviceInfo.tsx, src/app/device-info.ts): the location is
 * read only after the borrower allows it in the plain explanation; a refusal, no geolocation or a
 * failure is silent; the answer is remembered in the tab; StrictMode asks once and sends once.
 */
import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceLocationPayload, NeedUpload } from '../../contract/device';
import DeviceInfo from '../../src/app/DeviceInfo';
import { checkDeviceInfo, deviceCheckKey, wantsLocation } from '../../src/app/device-info';
import { CONSENTS_KEY, localConsents } from '../../src/lib/consents';
import { subscribeToast } from '../../src/ui/toast';

/** The toast shown now (null: none). */
function currentToast(): string | null {
  let shown: string | null = null;
  subscribeToast((m) => (shown = m))();
  return shown;
}

const GPS: NeedUpload = [{ type: 'gps', needUpload: 1 }];

function fakes(list: NeedUpload | Error = GPS, position: { latitude: number; longitude: number } | Error = { latitude: 12.97, longitude: 77.59 }) {
  return {
    needUpload: vi.fn((_signal: AbortSignal) => (list instanceof Error ? Promise.reject(list) : Promise.resolve(list))),
    locate: vi.fn((_signal: AbortSignal) => (position instanceof Error ? Promise.reject(position) : Promise.resolve(position))),
    upload: vi.fn((_payload: DeviceLocationPayload, _signal: AbortSignal) => Promise.resolve()),
    canLocate: vi.fn(() => true),
    consented: vi.fn(() => {}),
  };
}

const remembered = () => sessionStorage.getItem(deviceCheckKey(null));

describe.each([
  ['StrictMode', true],
  ['normal mode', false],
] as const)('the location explanation (%s)', (_, strict) => {
  const show = (deps: ReturnType<typeof fakes>) => render(strict ? <StrictMode><DeviceInfo deps={deps} /></StrictMode> : <DeviceInfo deps={deps} />);

  it('explains first; nothing is read before Allow; Allow reads the position once and sends it once', async () => {
    const deps = fakes();
    show(deps);
    const dialog = await screen.findByRole('dialog', { name: 'Use your location once?' });
    expect(dialog.textContent).toContain("To check your application, we'd like to use your location once. We don't track you.");
    expect(deps.locate).not.toHaveBeenCalled();
    expect(deps.upload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(deps.upload).toHaveBeenCalledTimes(1));
    expect(deps.locate).toHaveBeenCalledTimes(1);
    expect(deps.upload.mock.calls[0]![0]).toEqual({ gps: { address: '', latitude: 12.97, longitude: 77.59 } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remembered()).toBe('allowed');
    expect(deps.consented).toHaveBeenCalledTimes(1);
  });

  it('a consent to the location withdrawn in the privacy centre: nothing asked, read or sent, not even the question', async () => {
    localConsents.withdraw('location');
    try {
      const deps = fakes();
      show(deps);
      await new Promise((r) => setTimeout(r, 20));
      expect(deps.needUpload).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(deps.locate).not.toHaveBeenCalled();
      expect(deps.upload).not.toHaveBeenCalled();
    } finally {
      localStorage.removeItem(CONSENTS_KEY);
    }
  });

  it('Not now: nothing read, nothing sent, nothing said; remembered, so a remount asks nothing', async () => {
    const deps = fakes();
    const { unmount } = show(deps);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deps.consented).not.toHaveBeenCalled();
    expect(deps.locate).not.toHaveBeenCalled();
    expect(deps.upload).not.toHaveBeenCalled();
    expect(currentToast()).toBeNull();
    expect(remembered()).toBe('declined');
    unmount();
    const again = fakes();
    show(again);
    await new Promise((r) => setTimeout(r, 20));
    expect(again.needUpload).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refused or failed position is silent: nothing sent, no toast, no error', async () => {
    const deps = fakes(GPS, new Error('User denied Geolocation'));
    show(deps);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(deps.locate).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(deps.upload).not.toHaveBeenCalled();
    expect(currentToast()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing when the lender does not want the location, when the browser has none, or when the call fails', async () => {
    for (const deps of [fakes([{ type: 'gps', needUpload: 0 }]), fakes([]), fakes(new Error('network')), { ...fakes(), canLocate: vi.fn(() => false) }]) {
      const { unmount } = show(deps);
      await waitFor(() => expect(deps.needUpload).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(deps.locate).not.toHaveBeenCalled();
      expect(currentToast()).toBeNull();
      unmount();
      sessionStorage.clear();
    }
  });

  it('leaving home while it asks closes it and sends nothing', async () => {
    const deps = fakes();
    const { unmount } = show(deps);
    await screen.findByRole('dialog');
    unmount();
    expect(deps.locate).not.toHaveBeenCalled();
    expect(remembered()).toBeNull(); // not answered: asked again next time
  });
});

describe('the check', () => {
  it('reads gps 1 only (any case), as number or string in the contract', () => {
    expect(wantsLocation([{ type: 'GPS', needUpload: 1 }])).toBe(true);
    expect(wantsLocation([{ type: 'contacts', needUpload: 1 }, { type: 'gps', needUpload: 2 }])).toBe(false);
  });

  it('never rejects', async () => {
    const controller = new AbortController();
    await expect(
      checkDeviceInfo(
        {
          done: () => false,
          withdrawn: () => false,
          consented: () => {},
          remember: () => {
            throw new Error('storage');
          },
          needUpload: () => Promise.resolve(GPS),
          canLocate: () => true,
          ask: () => Promise.resolve(true),
          locate: () => Promise.resolve({ latitude: 1, longitude: 2 }),
          upload: () => Promise.reject(new Error('500')),
        },
        controller.signal,
      ),
    ).resolves.toBeUndefined();
  });
});
