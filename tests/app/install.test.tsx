/**
 * In the app: add to home screen (the rules, the early capture of
 * `beforeinstallprompt`, the offer on home) and updates (a new version waits for the borrower's
 * consent), and the service worker's policy for navigations.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISMISS_DAYS, installOffer, isIosSafari, type InstallEnv } from '../../machines/shared/install';
import { InstallSlot, type InstallEnvReader } from '../../src/flows/install/InstallSlot';
import { UpdatePrompt } from '../../src/flows/install/UpdatePrompt';
import { createUpdater, type WorkboxLike } from '../../src/flows/install/updater';
import { captureInstallPrompt, installPrompt, resetInstallPrompt } from '../../src/lib/install-prompt';
import { navigationPolicy, pageFile } from '../../src/sw-policy';
import { preferenceKey } from '../../src/lib/preferences';

/** Where 'Not now' is kept: a preference of the device. */
const DISMISSED_KEY = preferenceKey('installDismissed');

const UA = {
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadAsMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iphoneFacebook: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

const NOW = Date.parse('2026-11-23T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const env = (over: Partial<InstallEnv> = {}): InstallEnv => ({
  userAgent: UA.androidChrome,
  maxTouchPoints: 5,
  inShell: false,
  standalone: false,
  promptAvailable: false,
  dismissedAt: null,
  now: NOW,
  ...over,
});

describe('install rules', () => {
  it('knows iOS Safari, iPadOS Safari (a Mac with touch) and nothing else', () => {
    expect(isIosSafari(UA.iphoneSafari)).toBe(true);
    expect(isIosSafari(UA.ipadAsMac, 5)).toBe(true);
    expect(isIosSafari(UA.macSafari, 0)).toBe(false);
    for (const ua of [UA.iphoneChrome, UA.iphoneFirefox, UA.iphoneWebView, UA.iphoneFacebook, UA.androidChrome]) expect(isIosSafari(ua, 5)).toBe(false);
  });

  it('offers the prompt where the browser gave one, else the iOS guide, else nothing', () => {
    expect(installOffer(env({ promptAvailable: true }))).toBe('prompt');
    expect(installOffer(env({ userAgent: UA.iphoneSafari }))).toBe('ios-guide');
    expect(installOffer(env())).toBe('none');
    expect(installOffer(env({ userAgent: UA.iphoneChrome }))).toBe('none');
  });

  it('offers nothing in the native shell, when installed, or while a dismissal holds', () => {
    for (const over of [{ inShell: true }, { standalone: true }, { dismissedAt: NOW - DAY }]) {
      expect(installOffer(env({ ...over, promptAvailable: true }))).toBe('none');
      expect(installOffer(env({ ...over, userAgent: UA.iphoneSafari }))).toBe('none');
    }
    expect(installOffer(env({ dismissedAt: NOW - DISMISS_DAYS * DAY, userAgent: UA.iphoneSafari }))).toBe('ios-guide');
  });
});

/** A `beforeinstallprompt` as Chrome fires it: cancelable, with prompt() and userChoice. */
function fireInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: ReturnType<typeof vi.fn>; userChoice: Promise<unknown> };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe('add to home screen on home', () => {
  let release: () => void;
  beforeEach(() => {
    resetInstallPrompt();
    release = captureInstallPrompt(window);
  });
  afterEach(() => release());

  const reader =
    (over: Partial<InstallEnv> = {}): InstallEnvReader =>
    () => {
      const { promptAvailable: _, ...rest } = env({ now: Date.now(), ...over });
      return rest;
    };
  const noShell = () => false;

  it('an install prompt fired before home mounts is kept: the button shows the browser prompt once', async () => {
    const event = fireInstallPrompt();
    expect(event.defaultPrevented).toBe(true); // no mini-infobar: home offers it calmly
    render(<InstallSlot readEnv={reader()} bridgeAvailable={noShell} />);
    const button = await screen.findByRole('button', { name: 'Add to home screen' });
    await userEvent.click(button);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to home screen' })).toBeNull());
    expect(installPrompt.available()).toBe(false);
  });

  it('a prompt fired after home mounted shows the button too', async () => {
    render(<InstallSlot readEnv={reader()} bridgeAvailable={noShell} />);
    expect(screen.queryByRole('heading', { name: /home screen/i })).toBeNull();
    fireInstallPrompt();
    expect(await screen.findByRole('button', { name: 'Add to home screen' })).toBeTruthy();
  });

  it('Cancel in the browser prompt counts as Not now', async () => {
    fireInstallPrompt('dismissed');
    render(<InstallSlot readEnv={reader()} bridgeAvailable={noShell} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to home screen' }));
    await waitFor(() => expect(localStorage.getItem(DISMISSED_KEY)).not.toBeNull());
  });

  it('iPhone Safari gets the three-step guide: Share, Add to Home Screen, Add', async () => {
    render(<InstallSlot readEnv={reader({ userAgent: UA.iphoneSafari })} bridgeAvailable={noShell} />);
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Tap Share in the toolbar', 'Choose Add to Home Screen', 'AddTap Add']);
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add the app to your home screen' })).toBeTruthy();
  });

  it('nothing in app mode, in the bridge, or when launched from the home screen', async () => {
    fireInstallPrompt();
    const { rerender } = render(<InstallSlot readEnv={reader({ inShell: true, userAgent: UA.iphoneSafari })} bridgeAvailable={noShell} />);
    rerender(<InstallSlot readEnv={reader({ standalone: true })} bridgeAvailable={noShell} />);
    rerender(<InstallSlot readEnv={reader({ userAgent: UA.iphoneSafari })} bridgeAvailable={() => true} />);
    // Give the lazy offer every chance to appear.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /home screen/i })).toBeNull();
  });

  it('the app mode of the session hides it (the default reader)', async () => {
    localStorage.setItem('bw.appMode', '1');
    fireInstallPrompt();
    render(<InstallSlot bridgeAvailable={noShell} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /home screen/i })).toBeNull();
  });

  it('Not now is remembered with its date, and the offer comes back after DISMISS_DAYS', async () => {
    const first = render(<InstallSlot readEnv={reader({ userAgent: UA.iphoneSafari })} bridgeAvailable={noShell} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: /home screen/i })).toBeNull();
    const stored = localStorage.getItem(DISMISSED_KEY);
    expect(Number.isFinite(Date.parse(stored ?? ''))).toBe(true);
    first.unmount();

    // The default reader reads the stored dismissal: nothing on the next visit.
    const ios = reader({ userAgent: UA.iphoneSafari });
    const withStored: InstallEnvReader = () => ({ ...ios(), dismissedAt: Date.parse(localStorage.getItem(DISMISSED_KEY) ?? '') });
    const second = render(<InstallSlot readEnv={withStored} bridgeAvailable={noShell} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /home screen/i })).toBeNull();
    second.unmount();

    const later: InstallEnvReader = () => ({ ...withStored(), now: Date.now() + (DISMISS_DAYS + 1) * DAY });
    render(<InstallSlot readEnv={later} bridgeAvailable={noShell} />);
    expect(await screen.findByRole('heading', { name: /home screen/i })).toBeTruthy();
  });
});

/** workbox-window's Workbox, as far as the updater uses it. */
function fakeWorkbox() {
  const listeners: Record<string, ((e: unknown) => void)[]> = {};
  const wb = {
    addEventListener: (type: string, l: (e: unknown) => void) => void (listeners[type] ??= []).push(l),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => undefined),
  };
  const emit = (type: 'waiting' | 'controlling') => act(() => listeners[type]?.forEach((l) => l({ type })));
  return { wb: wb as WorkboxLike & typeof wb, emit };
}

describe('a new version waits for the borrower', () => {
  it('waiting → prompt → Update: drafts saved, then messageSkipWaiting; reloads once, when controlled', async () => {
    const { wb, emit } = fakeWorkbox();
    const reload = vi.fn();
    const beforeUpdate = vi.fn();
    const updater = createUpdater(wb, { reload, beforeUpdate });
    render(<UpdatePrompt updater={updater} />);
    expect(screen.queryByRole('status')).toBeNull();

    emit('waiting');
    expect(screen.getByRole('status').textContent).toContain('A new version is available');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(beforeUpdate).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(beforeUpdate.mock.invocationCallOrder[0]).toBeLessThan(wb.messageSkipWaiting.mock.invocationCallOrder[0] ?? 0);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Updating…' })).toBeTruthy();

    emit('controlling');
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without consent: another tab taking the update over leaves this one as it is', async () => {
    const { wb, emit } = fakeWorkbox();
    const reload = vi.fn();
    const updater = createUpdater(wb, { reload, beforeUpdate: vi.fn() });
    render(<UpdatePrompt updater={updater} />);
    emit('waiting');
    emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    // The new version already controls this tab: Update reloads (once), nothing more to activate.
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('Later hides the prompt; nothing is activated or reloaded', async () => {
    const { wb, emit } = fakeWorkbox();
    const reload = vi.fn();
    const updater = createUpdater(wb, { reload, beforeUpdate: vi.fn() });
    render(<UpdatePrompt updater={updater} />);
    emit('waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    emit('waiting');
    expect(screen.queryByRole('status')).toBeNull();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the service worker and navigations', () => {
  it('app pages: network first, the precached shell offline', () => {
    for (const p of ['/', '/login', '/personal', '/product/1/detail', '/orders', '/orders/12/audit', '/download']) expect(navigationPolicy(p)).toBe('shell-fallback');
  });

  it("offline, a route's own prerendered page is tried before the shell", () => {
    expect(pageFile('/')).toBe('/index.html');
    expect(pageFile('/login')).toBe('/login/index.html');
    expect(pageFile('/download/')).toBe('/download/index.html');
  });

  it('payment returns, bridge pages, the API and the sandbox: network only, never stale', () => {
    for (const p of ['/orders/12/detail', '/orders/12/detail/', '/joint', '/rate', '/orders/audit', '/api1/client/v1/config', '/sandbox', '/sandbox/pay']) {
      expect(navigationPolicy(p)).toBe('network-only');
    }
  });
});
