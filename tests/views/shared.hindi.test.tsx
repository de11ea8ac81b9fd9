/**
 * The shared pieces in Hindi: the app around the screens (page titles, the bottom nav,
 * the page not found, the page that could not load, the session's notices and its expiry), the
 * shared UI (a failed load, the step line, a dropdown, 'Still trying…', who lends, the bank account
 * picker), the device-data explanation, the add-to-home-screen offer and guide, the update prompt.
 * The server's text (names, numbers) stays as it came; English again is the English as before.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientConfig } from '../../contract/content';
import { App } from '../../src/app/App';
import DeviceInfo from '../../src/app/DeviceInfo';
import { handleSessionExpired } from '../../src/app/session-expiry';
import { InstallSlot } from '../../src/flows/install/InstallSlot';
import { UpdatePrompt } from '../../src/flows/install/UpdatePrompt';
import { createUpdater } from '../../src/flows/install/updater';
import { session } from '../../src/lib/session';
import { BankAccountPicker } from '../../src/ui/BankAccountPicker';
import { LenderIdentity } from '../../src/ui/LenderIdentity';
import { Select } from '../../src/ui/Select';
import { SessionNotice } from '../../src/ui/SessionNotice';
import { LoadError } from '../../src/ui/Status';
import { StepHeader } from '../../src/ui/StepHeader';
import { StillTrying } from '../../src/ui/StillTrying';
import { clearToast, subscribeToast } from '../../src/ui/toast';
import { switchLanguage } from '../support/language';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CONFIG = v.parse(ClientConfig, {
  customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' },
  lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03268' },
  grievanceOfficer: { name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@lender.example' },
});

function currentToast(): string | null {
  let shown: string | null = null;
  subscribeToast((m) => (shown = m))();
  return shown;
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(async () => {
  await switchLanguage('en');
  session.clear();
  clearToast();
  history.replaceState(null, '', '/');
});

describe('the app around the screens, in Hindi', () => {
  it('a page not found: heading, text, way home, back link, page title; and back to English without a reload', async () => {
    await switchLanguage('hi');
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'पेज नहीं मिला' })).toBeTruthy();
    expect(screen.getByText('हमें वह पेज नहीं मिला।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पर जाएँ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वापस' })).toBeTruthy();
    expect(document.title).toBe('पेज नहीं मिला');

    await switchLanguage('en');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('We could not find that page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
    expect(document.title).toBe('Page not found');
  });

  it('the bottom nav and the page title of a route', async () => {
    await switchLanguage('hi');
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/schedule');
    render(<App />);
    const nav = await screen.findByRole('navigation', { name: 'मुख्य' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['होम', 'अकाउंट']);
    expect(document.title).toBe('शेड्यूल सूची');
  });

  it('the session expired: the toast in Hindi', async () => {
    await switchLanguage('hi');
    session.signIn({ token: 't', phone: '9000000001' });
    history.replaceState(null, '', '/product/3');
    handleSessionExpired();
    expect(currentToast()).toBe('आपका सेशन खत्म हो गया है। कृपया फिर से साइन इन करें।');
  });

  it("another tab's change: the notice in Hindi, the numbers as they are", async () => {
    await switchLanguage('hi');
    const { rerender } = render(<SessionNotice notice={{ kind: 'otherAccount', phone: '9000000002', own: '9000000001' }} onContinue={() => {}} onSignInAgain={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'दूसरा अकाउंट', hidden: true });
    expect(dialog.textContent).toContain('इस डिवाइस पर अब दूसरा अकाउंट (+91 90000 00002) साइन इन है।');
    expect(dialog.textContent).toContain('आपने यहाँ जो लिखा है, वह +91 90000 00001 के लिए सेव है।');
    expect(within(dialog).getByRole('button', { name: '+91 90000 00002 से जारी रखें', hidden: true })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'फिर से साइन इन करें', hidden: true })).toBeTruthy();

    rerender(<SessionNotice notice={{ kind: 'signedIn', phone: null }} onContinue={() => {}} onSignInAgain={() => {}} />);
    const signedIn = screen.getByRole('dialog', { name: 'साइन इन हो गया', hidden: true });
    expect(within(signedIn).getByRole('button', { name: 'उसी अकाउंट से जारी रखें', hidden: true })).toBeTruthy();
    expect(within(signedIn).getByRole('button', { name: 'अभी नहीं', hidden: true })).toBeTruthy();

    await switchLanguage('en');
    expect(screen.getByRole('dialog', { name: 'Signed in', hidden: true }).textContent).toContain('An account is now signed in on this device, in another tab.');
  });
});

describe('the shared UI, in Hindi', () => {
  it('a failed load, the step line, a dropdown, Still trying', async () => {
    await switchLanguage('hi');
    render(
      <Router hook={memoryLocation({ path: '/x' }).hook}>
        <LoadError message="Server says no" onRetry={() => {}} homeLink />
        <StepHeader step={2} total={5} />
        <Select label="राज्य" value="" options={[]} onValueChange={() => {}} />
        <StillTrying active />
      </Router>,
    );
    expect(screen.getByText('Server says no')).toBeTruthy(); // the server's text as it came
    expect(screen.getByRole('button', { name: 'फिर कोशिश करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पर जाएँ' })).toBeTruthy();
    expect(screen.getByText('चरण 2 / 5')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'चुनें' })).toBeTruthy();
    expect(screen.getByText('कोशिश जारी है…')).toBeTruthy();
  });

  it('who lends and the bank account picker: the words in Hindi, the names as sent', async () => {
    await switchLanguage('hi');
    render(
      <Router hook={memoryLocation({ path: '/x' }).hook}>
        <LenderIdentity config={CONFIG} open />
        <BankAccountPicker cards={[]} cardId={null} disabled={false} onSelect={() => {}} addHref="/bank/add" />
      </Router>,
    );
    const block = screen.getByRole('region', { name: 'लोन कौन देता है' });
    expect(block.textContent).toContain('लोन देने वाले: Sandbox Finance Private Limited');
    expect(within(block).getByText('RBI रजिस्ट्रेशन नंबर N-14.03268')).toBeTruthy();
    expect(within(block).getByText('शिकायत अधिकारी')).toBeTruthy();
    expect(within(block).getByText('Priya Raman')).toBeTruthy();
    const picker = screen.getByRole('region', { name: 'बैंक अकाउंट' });
    expect(within(picker).getByText('अभी कोई बैंक अकाउंट नहीं है: वह अकाउंट जोड़ें जिसमें पैसा आना है।')).toBeTruthy();
    expect(within(picker).getByRole('link', { name: 'बैंक अकाउंट जोड़ें' })).toBeTruthy();
  });

  it('the location explanation', async () => {
    await switchLanguage('hi');
    render(<DeviceInfo deps={{ needUpload: () => Promise.resolve([{ type: 'gps', needUpload: 1 }]), canLocate: () => true, locate: () => new Promise(() => {}), upload: () => Promise.resolve() }} />);
    const dialog = await screen.findByRole('dialog', { name: 'एक बार अपनी लोकेशन इस्तेमाल करने दें?' });
    expect(dialog.textContent).toContain('हम आपको ट्रैक नहीं करते।');
    expect(within(dialog).getByRole('button', { name: 'अनुमति दें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'अभी नहीं' })).toBeTruthy();
  });
});

describe('add to home screen and updates, in Hindi', () => {
  it('the iOS guide in three steps, named as Safari in Hindi names its controls', async () => {
    await switchLanguage('hi');
    const env = () => ({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, inShell: false, standalone: false, dismissedAt: null, now: Date.now() });
    render(<InstallSlot readEnv={env} bridgeAvailable={() => false} />);
    expect(await screen.findByRole('heading', { name: 'ऐप को अपनी होम स्क्रीन पर जोड़ें' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((s) => s.textContent)).toEqual(['टूलबार में ‘शेयर करें’ पर टैप करें', '‘होम स्क्रीन में जोड़ें’ चुनें', 'जोड़ें‘जोड़ें’ पर टैप करें']);
    expect(screen.getByRole('button', { name: 'अभी नहीं' })).toBeTruthy();
  });

  it('the update prompt', async () => {
    await switchLanguage('hi');
    const listeners: ((e: unknown) => void)[] = [];
    const wb = { addEventListener: (type: string, l: (e: unknown) => void) => void (type === 'waiting' && listeners.push(l)), messageSkipWaiting: vi.fn(), register: vi.fn(async () => undefined) };
    const updater = createUpdater(wb, { reload: vi.fn(), beforeUpdate: vi.fn() });
    render(<UpdatePrompt updater={updater} />);
    act(() => listeners.forEach((l) => l({ type: 'waiting' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('ऐप का नया वर्ज़न उपलब्ध है'));
    expect(screen.getByRole('button', { name: 'अपडेट करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'बाद में' })).toBeTruthy();
  });
});
