/**
 * The IFSC finder (IfscFlow with fake lists), in StrictMode and normal mode: the machine's generated
 * paths replayed on the screen (each list loaded once per path step), the searchable, labelled
 * lists, a way back up a level, retries, and the return to the form with the branch's IFSC.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import type { BankName, Branch, NamedPlace } from '../../contract/bank';
import { ifscMachine } from '../../machines/bank/ifsc.machine';
import { BANKS, BRANCHES, cases, CITIES, inputs, serialize, STATES } from '../../machines/bank/ifsc.cases';
import { IFSC_LEVELS, type IfscLevel } from '../../machines/bank/ifsc.rules';
import { KNOWN_BANKS } from '../../machines/bank/bank-names';
import { bankText } from '../../i18n/en/bank';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { IfscFlow } from '../../src/flows/bank/IfscRoute';
import { fakeCalls } from '../support/fakes';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const paths = generatePaths(ifscMachine, { cases, inputs, serialize });
const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

function harness(strict: boolean) {
  const calls = {
    loadBanks: fakeCalls<BankName[]>(),
    loadStates: fakeCalls<NamedPlace[], { bankId: string }>(),
    loadCities: fakeCalls<NamedPlace[], { stateId: string }>(),
    loadBranches: fakeCalls<Branch[], { cityId: string }>(),
  };
  const navigate = vi.fn();
  const machine = ifscMachine.provide({
    actors: { loadBanks: calls.loadBanks.actor, loadStates: calls.loadStates.actor, loadCities: calls.loadCities.actor, loadBranches: calls.loadBranches.actor },
    actions: { navigate: (_, { to, replace }) => navigate(to, { replace }) },
  });
  const tree = (
    <Router hook={memoryLocation({ path: '/bank/ifsc?pid=3' }).hook}>
      <IfscFlow machine={machine} pid="3" />
    </Router>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const settle = async (id: keyof typeof calls, c: ActorDoneCase | ActorErrorCase) => {
    await waitFor(() => calls[id].pending());
    await act(async () => ('output' in c ? calls[id].pending().resolve(c.output as never) : calls[id].pending().reject(c.error)));
  };
  return { calls, navigate, settle, user: userEvent.setup({ delay: null }) };
}

const levelOf = (value: unknown): IfscLevel | null => (typeof value === 'object' && value ? (Object.keys(value)[0] as IfscLevel) : null);

describe.each(mode)('IFSC finder paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    let h!: ReturnType<typeof harness>;
    const pick = (name: RegExp | string) => void fireEvent.click(screen.getByRole('button', { name }));
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          h = harness(strict);
        },
        'search.changed': (e) => void fireEvent.change(screen.getByRole('searchbox'), { target: { value: e.value } }),
        'bank.chosen': () => pick('State Bank of India'),
        'state.chosen': () => pick('Karnataka'),
        'city.chosen': () => pick('Bengaluru'),
        'branch.chosen': () => pick(/Koramangala/),
        'level.back': () => void fireEvent.click(screen.getByRole('button', { name: /^Change / })),
        'list.retried': () => pick('Try again'),
        'xstate.done.actor.loadBanks': (e) => h.settle('loadBanks', e as ActorDoneCase),
        'xstate.error.actor.loadBanks': (e) => h.settle('loadBanks', e as ActorErrorCase),
        'xstate.done.actor.loadStates': (e) => h.settle('loadStates', e as ActorDoneCase),
        'xstate.error.actor.loadStates': (e) => h.settle('loadStates', e as ActorErrorCase),
        'xstate.done.actor.loadCities': (e) => h.settle('loadCities', e as ActorDoneCase),
        'xstate.error.actor.loadCities': (e) => h.settle('loadCities', e as ActorErrorCase),
        'xstate.done.actor.loadBranches': (e) => h.settle('loadBranches', e as ActorDoneCase),
        'xstate.error.actor.loadBranches': (e) => h.settle('loadBranches', e as ActorErrorCase),
      },
      assert: async (s) => {
        const level = levelOf(s.value);
        if (s.matches('done')) {
          expect(h.navigate).toHaveBeenCalledExactlyOnceWith('/bank/add?pid=3&ifsc_code=SBIN0005778', { replace: true });
          return;
        }
        expect(h.navigate).not.toHaveBeenCalled();
        if (level) expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(bankText.en[IFSC_LEVELS[level].heading]);
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain('Service busy');
        else expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain('Loading');
        if (s.hasTag('choosing')) {
          const box = screen.getByRole('searchbox', { name: bankText.en[IFSC_LEVELS[level!].search] }) as HTMLInputElement;
          expect(box.value).toBe(s.context.query);
        }
        const back = IFSC_LEVELS[level!].back;
        if (back) expect(screen.getByRole('button', { name: bankText.en[back] })).toBeTruthy();
      },
    });
    // Each list loaded exactly as often as the path starts it (StrictMode's aborted first start aside).
    expect(h.calls.loadBanks.live().length).toBe(invocations(path.steps, 'loadBanks'));
    // (A way back up while a list loads cancels it: those count as started.)
    expect(h.calls.loadStates.all().length).toBe(invocations(path.steps, 'loadStates'));
    expect(h.calls.loadCities.all().length).toBe(invocations(path.steps, 'loadCities'));
    expect(h.calls.loadBranches.all().length).toBe(invocations(path.steps, 'loadBranches'));
    for (const c of h.calls.loadStates.live()) expect(c.input).toEqual({ bankId: '1' });
    for (const c of h.calls.loadCities.live()) expect(c.input).toEqual({ stateId: '11' });
    for (const c of h.calls.loadBranches.live()) expect(c.input).toEqual({ cityId: '111' });
  });
});

describe.each(mode)('IFSC finder search (%s)', (_, strict) => {
  it('filters a long list as the borrower types, says how many match, and says when nothing does', async () => {
    const h = harness(strict);
    const many: BankName[] = [...BANKS, ...Array.from({ length: 300 }, (_, i) => ({ id: String(1000 + i), bankName: `Co-operative Bank ${i}` }))];
    await act(async () => h.calls.loadBanks.pending().resolve(many));
    const list = screen.getByRole('list', { name: 'Choose your bank' });
    expect(within(list).getAllByRole('button')).toHaveLength(302);
    const search = screen.getByRole('searchbox', { name: 'Search banks' });
    await h.user.type(search, 'hdfc');
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['HDFC Bank']);
    expect(screen.getByText('1 of 302 shown')).toBeTruthy();
    await h.user.clear(search);
    await h.user.type(search, 'zzz');
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Nothing matches “zzz”.')).toBeTruthy();
  });

  it('finds a bank by its short name or IFSC code as the borrower types it; the field says so', async () => {
    const h = harness(strict);
    const banks: BankName[] = [
      ...KNOWN_BANKS.map((b, i) => ({ id: String(i + 1), bankName: b.name })),
      // A bank the app's table lacks, with the code its backend sent.
      { id: '900', bankName: 'Gujarat State Co-operative Bank', code: 'GSCB' },
    ];
    await act(async () => h.calls.loadBanks.pending().resolve(banks));
    const search = screen.getByRole('searchbox', { name: 'Search banks' });
    expect(search.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(search.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(bankText.en.bankSearchHint);
    const list = () => within(screen.getByRole('list', { name: 'Choose your bank' }));
    const shown = () => list().queryAllByRole('button').map((b) => b.textContent);
    await h.user.type(search, 's');
    await h.user.type(search, 'b');
    expect(shown()).toContain('State Bank of India');
    expect(shown().length).toBeLessThan(5);
    await h.user.type(search, 'i');
    expect(shown()).toEqual(['State Bank of India']);
    expect(screen.getByText(`1 of ${banks.length} shown`)).toBeTruthy();
    for (const [typed, name] of [
      ['SBIN', 'State Bank of India'],
      ['bob', 'Bank of Baroda'],
      ['barb', 'Bank of Baroda'],
      ['pnb', 'Punjab National Bank'],
      ['ICIC', 'ICICI Bank'],
      ['gscb', 'Gujarat State Co-operative Bank'],
    ]) {
      await h.user.clear(search);
      await h.user.type(search, typed!);
      expect(shown(), typed).toEqual([name]);
    }
    await h.user.click(list().getByRole('button', { name: 'Gujarat State Co-operative Bank' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose the state of your branch' })).toBeTruthy();
    expect(screen.queryByText(bankText.en.bankSearchHint)).toBeNull();
  });

  it('finds a branch by its IFSC, and the search starts empty at each level', async () => {
    const h = harness(strict);
    await act(async () => h.calls.loadBanks.pending().resolve(BANKS));
    await h.user.type(screen.getByRole('searchbox'), 'state');
    await h.user.click(screen.getByRole('button', { name: 'State Bank of India' }));
    await act(async () => h.calls.loadStates.pending().resolve(STATES));
    expect((screen.getByRole('searchbox', { name: 'Search states' }) as HTMLInputElement).value).toBe('');
    await h.user.click(screen.getByRole('button', { name: 'Karnataka' }));
    await act(async () => h.calls.loadCities.pending().resolve(CITIES));
    await h.user.click(screen.getByRole('button', { name: 'Bengaluru' }));
    await act(async () => h.calls.loadBranches.pending().resolve(BRANCHES));
    expect(screen.getByRole('heading', { level: 2 })).toBe(document.activeElement);
    await h.user.type(screen.getByRole('searchbox', { name: 'Search branches or IFSC' }), 'sbin0000813');
    await h.user.click(screen.getByRole('button', { name: /MG Road/ }));
    expect(h.navigate).toHaveBeenCalledWith('/bank/add?pid=3&ifsc_code=SBIN0000813', { replace: true });
  });

  it('shows what is chosen so far, and an empty list says so', async () => {
    const h = harness(strict);
    await act(async () => h.calls.loadBanks.pending().resolve(BANKS));
    await h.user.click(screen.getByRole('button', { name: 'HDFC Bank' }));
    await act(async () => h.calls.loadStates.pending().resolve([]));
    expect(screen.getByText('No states are listed for this bank.')).toBeTruthy();
    expect(screen.getByText('HDFC Bank')).toBeTruthy();
    expect(document.querySelector('.ifsc-trail')?.textContent).toContain('HDFC Bank');
    await h.user.click(screen.getByRole('button', { name: 'Change bank' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Choose your bank');
    expect(h.calls.loadBanks.live()).toHaveLength(1);
    // Choosing the bank again: the old choice is not shown as made.
    expect(document.querySelector('.ifsc-trail')).toBeNull();
  });
});
