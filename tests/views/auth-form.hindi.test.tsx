/**
 * The work-info form in Hindi: the app's own texts (title, Submit, 'Required', the
 * summary, the district hints, the toast) follow the language; the field labels, hints and choices
 * are the server's (the sandbox sends them in Hindi when asked) and are shown as they came, inside
 * the app's Hindi sentences too; a server msg stays as sent. English again is verbatim.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFormMachine } from '../../machines/auth-form/auth-form.machine';
import type { FormDefinition } from '../../machines/auth-form/auth-form.rules';
import { field as f, FORMS_PENDING } from '../../machines/auth-form/auth-form.cases';
import type { FormAnswers, Place } from '../../contract/verification';
import { authFormEffects } from '../../src/flows/auth/auth-form.effects';
import { AuthFormFlow } from '../../src/flows/auth/AuthFormFlow';
import { fromCall } from '../../src/lib/abortable';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

/** The work-info definition as the sandbox answers it in Hindi. */
const WORK: FormDefinition = {
  cannotHidden: [
    f({ key: 'रोज़गार का प्रकार', value: 'workState', dataType: 0, label: 'अपना रोज़गार चुनें', dictionaryVoList: [
      { dictLabel: 'नौकरी', dictValue: '1' },
      { dictLabel: 'बेरोज़गार / छात्र', dictValue: '3' },
    ] }),
    f({ key: 'मासिक आय', value: 'monthlyIncome', dataType: 1, checkType: 1, label: 'जैसे 25000' }),
  ],
  canHidden: [
    f({ key: 'कंपनी का नाम', value: 'companyName', dataType: 1, label: '' }),
    f({ key: 'ऑफ़िस का राज्य', value: 'companyState', dataType: 4, checkReq: 0, label: '' }),
    f({ key: 'ऑफ़िस का ज़िला', value: 'companyDistrict', dataType: 5, checkReq: 0, label: '' }),
  ],
};
const STATES: Place[] = [{ id: '12', name: 'कर्नाटक' }];

function harness() {
  const submits = fakeCalls<void, { values: FormAnswers; idempotencyKey: string }>();
  const machine = authFormMachine.provide({
    actors: {
      loadStatus: fromCall(async () => FORMS_PENDING),
      loadForm: fromCall(async () => WORK),
      loadStates: fromCall(async () => STATES),
      loadDistricts: fromCall(async (): Promise<Place[]> => []),
      submit: submits.actor,
    },
    actions: authFormEffects('work', vi.fn()).actions,
  });
  render(
    <Router hook={memoryLocation({ path: '/auth/work?pid=7&step=2&as=5' }).hook}>
      <AuthFormFlow machine={machine} kind="work" query={{ pid: '7', step: 2, total: 5 }} draft={null} />
      <ToastHost />
    </Router>,
  );
  return { submits, user: userEvent.setup({ delay: null }) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const summary = () => document.querySelector('.form-error')?.textContent;
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('the work-info form in Hindi', () => {
  it("says the app's texts in Hindi and the server's as they came", async () => {
    localStorage.clear();
    await switchLanguage('hi');
    const h = harness();
    const submit = await screen.findByRole('button', { name: 'सबमिट करें' });
    expect(screen.getByRole('heading', { name: 'काम की जानकारी' })).toBeTruthy();
    // The server's labels, hints and choices, as sent.
    expect([...field('रोज़गार का प्रकार').options].map((o) => o.textContent)).toEqual(['अपना रोज़गार चुनें', 'नौकरी', 'बेरोज़गार / छात्र']);
    expect(field('मासिक आय').placeholder).toBe('जैसे 25000');
    // The app's own placeholders and hints where the server gives none.
    expect(field('ऑफ़िस का राज्य').options[0]!.textContent).toBe('राज्य चुनें');
    expect(screen.getByText('पहले राज्य चुनें।')).toBeTruthy();

    // The machine's messages, by key, in Hindi, with the server's titles inside.
    await h.user.click(submit);
    expect(h.submits.live()).toEqual([]);
    expect(summary()).toBe('कृपया रोज़गार का प्रकार और 2 अन्य फ़ील्ड भरें।');
    expect(errorOf(field('मासिक आय'))).toBe('ज़रूरी है');
    await h.user.selectOptions(field('रोज़गार का प्रकार'), 'नौकरी');
    await h.user.type(field('कंपनी का नाम'), 'Acme');
    expect(summary()).toBe('कृपया मासिक आय भरें।');

    // A failure without a msg: the app's text, in a toast, in Hindi; a server msg as it came.
    await h.user.type(field('मासिक आय'), '25000');
    await h.user.click(submit);
    await act(async () => h.submits.live()[0]!.d.reject(new Error('')));
    expect(await screen.findByText('आपकी जानकारी सेव नहीं हो सकी। कृपया फिर से कोशिश करें।')).toBeTruthy();
    await h.user.click(submit);
    await act(async () => h.submits.live()[1]!.d.reject(new Error('सर्वर व्यस्त है')));
    expect(await screen.findByText('सर्वर व्यस्त है')).toBeTruthy();

    // English again: the spec's texts; the server's labels stay as they came.
    await switchLanguage('en');
    expect(screen.getByRole('heading', { name: 'Work information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    await waitFor(() => expect(field('ऑफ़िस का राज्य').options[0]!.textContent).toBe('Select the state'));
  });
});
