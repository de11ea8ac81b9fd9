/**
 * The contacts step in Hindi: the app's own texts (title, intro, the cards, labels,
 * placeholders, Submit, every problem and the summary) follow the language; the relationship
 * choices are the server's (the sandbox sends them in Hindi when asked) and are shown as they came;
 * a server msg stays as sent. English again is verbatim.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactsMachine } from '../../machines/contacts/contacts.machine';
import type { StepStatus } from '../../machines/shared/steps';
import type { RelationChoice } from '../../machines/contacts/contacts.rules';
import { STATUS_OPEN } from '../../machines/contacts/contacts.cases';
import type { ContactPayload } from '../../contract/verification';
import { contactsEffects } from '../../src/flows/auth/contacts.effects';
import { ContactsFlow } from '../../src/flows/auth/ContactsRoute';
import { fromCall } from '../../src/lib/abortable';
import { ToastHost } from '../../src/ui/ToastHost';
import { fakeCalls } from '../support/fakes';
import { switchLanguage } from '../support/language';

afterEach(() => switchLanguage('en'));

/** The relation choices as the sandbox answers them in Hindi. */
const RELATIONS: RelationChoice[] = [
  { value: '1', label: 'माता-पिता' },
  { value: '2', label: 'पति/पत्नी' },
  { value: '6', label: 'दोस्त' },
];

function harness(relations: RelationChoice[] = RELATIONS) {
  const submits = fakeCalls<void, { payload: ContactPayload; idempotencyKey: string }>();
  const machine = contactsMachine.provide({
    actors: { loadStatus: fromCall(async (): Promise<StepStatus> => STATUS_OPEN), loadRelations: fromCall(async () => relations), submit: submits.actor },
    actions: contactsEffects(vi.fn()).actions,
  });
  render(
    <Router hook={memoryLocation({ path: '/auth/contacts?pid=7&step=5&as=5' }).hook}>
      <ContactsFlow machine={machine} query={{ pid: '7', step: 5, total: 5 }} draft={null} ownPhone="9000000001" />
      <ToastHost />
    </Router>,
  );
  return { submits, user: userEvent.setup({ delay: null }) };
}

const card = (n: number) => within(screen.getByRole('group', { name: `संपर्क ${n}` }));
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((e) => e?.classList.contains('field-error'))?.textContent ?? null;

describe('the contacts step in Hindi', () => {
  it("says the app's texts in Hindi and the server's as they came", async () => {
    localStorage.clear();
    await switchLanguage('hi');
    const h = harness();
    const submit = await screen.findByRole('button', { name: 'सबमिट करें' });
    expect(screen.getByRole('heading', { name: 'संपर्क' })).toBeTruthy();
    expect(screen.getByText('तीन ऐसे लोग, जिनसे हम तब बात कर सकें जब आपसे संपर्क न हो पाए।')).toBeTruthy();
    const relation = card(1).getByLabelText('रिश्ता') as HTMLSelectElement;
    // The app's placeholder, then the server's choices as sent.
    expect([...relation.options].map((o) => o.textContent)).toEqual(['रिश्ता चुनें', 'माता-पिता', 'पति/पत्नी', 'दोस्त']);
    const name = card(1).getByLabelText('नाम') as HTMLInputElement;
    const mobile = card(1).getByLabelText('मोबाइल नंबर') as HTMLInputElement;
    expect(mobile.placeholder).toBe('10 अंकों का मोबाइल नंबर');
    expect(screen.getAllByText("सिर्फ़ अंग्रेज़ी के छोटे अक्षर a–z, ' और . (बिना स्पेस)। बड़े अक्षर छोटे हो जाते हैं।")).toHaveLength(3);

    // The machine's messages, by key, in Hindi.
    await h.user.type(mobile, '9000000001');
    expect(errorOf(mobile)).toBe('अपना नहीं, किसी और का नंबर डालें।');
    await h.user.click(submit);
    expect(h.submits.live()).toEqual([]);
    expect(errorOf(relation)).toBe('कृपया रिश्ता चुनें।');
    expect(errorOf(name)).toBe('कृपया नाम डालें।');
    expect(errorOf(card(2).getByLabelText('मोबाइल नंबर'))).toBe('कृपया मोबाइल नंबर डालें।');
    expect(document.querySelector('.form-error')?.textContent).toBe('कृपया हाइलाइट किए गए फ़ील्ड भरें।');

    // English again, without a reload: the spec's texts; the server's choices stay as they came.
    await switchLanguage('en');
    expect(errorOf(relation)).toBe('Please choose the relationship.');
    expect(screen.getByRole('group', { name: 'Contact 1' })).toBeTruthy();
    expect([...relation.options].map((o) => o.textContent)).toEqual(['Select the relationship', 'माता-पिता', 'पति/पत्नी', 'दोस्त']);
  });

  it("a refused submit: the app's text in Hindi when the server says nothing, else the server's as sent", async () => {
    localStorage.clear();
    await switchLanguage('hi');
    const h = harness();
    const submit = await screen.findByRole('button', { name: 'सबमिट करें' });
    const people = [
      ['माता-पिता', 'asha', '9876543210'],
      ['पति/पत्नी', 'ravi', '8765432109'],
      ['दोस्त', 'k.ravi', '7654321098'],
    ] as const;
    for (const [i, [relation, name, mobile]] of people.entries()) {
      await h.user.selectOptions(card(i + 1).getByLabelText('रिश्ता'), relation);
      await h.user.type(card(i + 1).getByLabelText('नाम'), name);
      await h.user.type(card(i + 1).getByLabelText('मोबाइल नंबर'), mobile);
    }
    await h.user.click(submit);
    await act(async () => h.submits.live()[0]!.d.reject(new Error('')));
    expect(await screen.findByText('आपके संपर्क सेव नहीं हो सके। कृपया फिर से कोशिश करें।')).toBeTruthy();
    await h.user.click(submit);
    await act(async () => h.submits.live()[1]!.d.reject(new Error('सर्वर व्यस्त है')));
    expect(await screen.findByText('सर्वर व्यस्त है')).toBeTruthy();
  });

  it('says in Hindi when the server sent no relationship choices', async () => {
    await switchLanguage('hi');
    harness([]);
    expect(await screen.findByText('रिश्ते के विकल्प नहीं मिले। कृपया बाद में फिर से कोशिश करें।')).toBeTruthy();
  });
});
