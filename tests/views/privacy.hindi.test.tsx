/**
 * The privacy centre in Hindi: what was collected, the consents with their dates, a withdrawal's
 * status line, the deletion question and the policy; and against a lender without the calls, the
 * note that the consents are kept on this phone. The account link too.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/offered';
import type { ConsentItem, ConsentPurpose, DeletionRequest, PrivacyOverview } from '../../contract/privacy';
import { privacy as hi } from '../../i18n/hi/privacy';
import { OVERVIEW } from '../../machines/privacy/privacy.cases';
import { privacyMachine } from '../../machines/privacy/privacy.machine';
import { fromCall } from '../../src/lib/abortable';
import { CONSENTS_KEY } from '../../src/lib/consents';
import { PrivacyFlow } from '../../src/flows/personal/PrivacyRoute';
import { switchLanguage } from '../support/language';

afterEach(async () => {
  localStorage.removeItem(CONSENTS_KEY);
  await switchLanguage('en');
});

function show(offered: boolean) {
  const machine = privacyMachine.provide({
    actors: {
      loadPrivacy: fromCall(async (): Promise<Offered<PrivacyOverview>> => (offered ? { offered: true, value: OVERVIEW } : { offered: false })),
      saveConsent: fromCall(
        async ({ purpose }: { purpose: ConsentPurpose; given: boolean }): Promise<Offered<ConsentItem>> => ({
          offered: true,
          value: { purpose, givenAt: '2026-05-02 09:30:00', withdrawnAt: '2026-05-05 12:00:00' },
        }),
      ),
      requestDeletion: fromCall(async (): Promise<Offered<DeletionRequest>> => ({ offered: false })),
    },
  });
  render(
    <Router hook={memoryLocation({ path: '/personal/privacy' }).hook}>
      <PrivacyFlow machine={machine} />
    </Router>,
  );
}

describe('the privacy centre in Hindi', () => {
  it('what was collected, each consent with its date, a withdrawal said in Hindi, the deletion question and the policy', async () => {
    await switchLanguage('hi');
    show(true);
    expect(screen.getByRole('heading', { name: hi.title })).toBeTruthy();
    expect(screen.getByText(hi.collectedContacts)).toBeTruthy();
    expect(screen.getByText(hi.policyKeep)).toBeTruthy();
    const consents = screen.getByRole('region', { name: hi.consentsHeading });
    expect(await within(consents).findByText('1 मई 2026, 10:00 IST को दी')).toBeTruthy();
    expect(within(consents).getByText(hi.deviceOn)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(consents).getByRole('button', { name: `वापस लें: ${hi.purposeLocation}` }));
    expect(await within(consents).findByText(`वापस ली गई: ${hi.purposeLocation}। इसके तहत अब कुछ नहीं भेजा जाएगा।`)).toBeTruthy();
    expect(within(consents).getByText(hi.afterLocation)).toBeTruthy();
    expect(within(consents).getByRole('button', { name: `फिर से अनुमति दें: ${hi.purposeLocation}` })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: hi.deletionAsk }));
    const dialog = screen.getByRole('dialog', { name: hi.deletionQuestion });
    expect(within(dialog).getByText(hi.deletionConsequence)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: hi.deletionSend }));
    expect(await screen.findByText(hi.deletionNotOffered)).toBeTruthy();
  });

  it('against a lender without the calls: kept on this phone, and deletion through the Help Center', async () => {
    await switchLanguage('hi');
    show(false);
    expect(await screen.findByText(hi.consentsLocalNote)).toBeTruthy();
    expect(screen.getByText(hi.deletionNotOffered)).toBeTruthy();
    expect(screen.queryByRole('button', { name: hi.deletionAsk })).toBeNull();
    expect(screen.getAllByText(hi.notGiven)).toHaveLength(3);
  });
});
