import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ifscMachine } from '../../machines/bank/ifsc.machine';
import { BANKS, BRANCHES, CITIES, cases, inputs, serialize, STATES } from '../../machines/bank/ifsc.cases';
import type { BankName } from '../../contract/bank';
import { bankInitials, bankNameWords, KNOWN_BANKS, knownBank } from '../../machines/bank/bank-names';
import { bankLabel, bankMatches, filterBanks, filterBranches, filterPlaces, matches } from '../../machines/bank/ifsc.rules';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(ifscMachine, { cases, inputs, serialize });

describe('IFSC finder rules', () => {
  it('filters by every word typed, any case, any order; a branch also by its IFSC', () => {
    expect(matches('', 'anything')).toBe(true);
    expect(filterBanks(BANKS, 'india state').map((b) => b.bankName)).toEqual(['State Bank of India']);
    expect(filterBanks(BANKS, '  hdfc ')).toHaveLength(1);
    expect(filterBanks(BANKS, 'axis')).toEqual([]);
    expect(filterBranches(BRANCHES, 'sbin0005778').map((b) => b.name)).toEqual(['Koramangala']);
  });

  it("lists only what it can name: a bank by its name, else its code (the table's name for it), never a blank row", () => {
    const banks: BankName[] = [
      { id: '1', bankName: '' },
      { id: '2', bankName: '  ', code: 'SBIN' },
      { id: '3', bankName: '', code: 'ZZZZ' },
      { id: '4', bankName: 'Axis Bank' },
    ];
    expect(filterBanks(banks, '').map((b) => [b.id, bankLabel(b)])).toEqual([
      ['2', 'State Bank of India'],
      ['3', 'ZZZZ'],
      ['4', 'Axis Bank'],
    ]);
    expect(filterPlaces([{ id: '1', name: '' }, { id: '2', name: 'Goa' }], '').map((p) => p.id)).toEqual(['2']);
  });
});

/** Every bank of the table, as a backend that sends only the spec's id and bankName lists them. */
const ALL: BankName[] = KNOWN_BANKS.map((b, i) => ({ id: String(i + 1), bankName: b.name }));
const found = (query: string, banks: readonly BankName[] = ALL) => filterBanks(banks, query).map((b) => b.bankName);

describe('IFSC finder: a bank by what borrowers call it', () => {
  it.each([
    ['sbi', 'State Bank of India'],
    ['hdfc', 'HDFC Bank'],
    ['icici', 'ICICI Bank'],
    ['pnb', 'Punjab National Bank'],
    ['bob', 'Bank of Baroda'],
    ['boi', 'Bank of India'],
    ['bom', 'Bank of Maharashtra'],
    ['ubi', 'Union Bank of India'],
    ['cbi', 'Central Bank of India'],
    ['iob', 'Indian Overseas Bank'],
    ['psb', 'Punjab & Sind Bank'],
    ['kmb', 'Kotak Mahindra Bank'],
    ['kvb', 'Karur Vysya Bank'],
    ['tmb', 'Tamilnad Mercantile Bank'],
    ['cub', 'City Union Bank'],
    ['sib', 'South Indian Bank'],
    ['kbl', 'Karnataka Bank'],
    ['jkb', 'Jammu & Kashmir Bank'],
    ['ippb', 'India Post Payments Bank'],
    ['mahabank', 'Bank of Maharashtra'],
  ])('the short name %s finds %s', (typed, name) => {
    expect(found(typed)).toEqual([name]);
    expect(found(typed.toUpperCase())).toEqual([name]);
  });

  it.each([
    ['SBIN', 'State Bank of India'],
    ['HDFC', 'HDFC Bank'],
    ['ICIC', 'ICICI Bank'],
    ['PUNB', 'Punjab National Bank'],
    ['BARB', 'Bank of Baroda'],
    ['UTIB', 'Axis Bank'],
    ['CNRB', 'Canara Bank'],
    ['BKID', 'Bank of India'],
    ['IDIB', 'Indian Bank'],
    ['KKBK', 'Kotak Mahindra Bank'],
    ['IBKL', 'IDBI Bank'],
    ['RATN', 'RBL Bank'],
    ['IPOS', 'India Post Payments Bank'],
  ])('the IFSC prefix %s finds %s, in any case', (typed, name) => {
    expect(found(typed)).toEqual([name]);
    expect(found(typed.toLowerCase())).toEqual([name]);
  });

  it('every bank of the table is found by its code, and by its initials when it has them', () => {
    for (const bank of KNOWN_BANKS) {
      expect(found(bank.code), bank.code).toContain(bank.name);
      const initials = bankInitials(bank.name);
      if (initials) expect(found(initials), initials).toContain(bank.name);
    }
  });

  it('narrows while the borrower is still typing', () => {
    // 'sb': State Bank of India by its initials, and the names that hold 'sb'.
    expect(found('sb')).toEqual(['State Bank of India', 'CSB Bank', 'HSBC', 'TJSB Sahakari Bank']);
    expect(found('sbi')).toEqual(['State Bank of India']);
    expect(found('pn')).toEqual(['Punjab National Bank']);
    expect(found('bo')).toEqual(expect.arrayContaining(['Bank of Baroda', 'Bank of India', 'Bank of Maharashtra']));
    expect(found('bo')).not.toContain('HDFC Bank');
    expect(found('ici')).toEqual(['ICICI Bank']);
    expect(found('bar')).toEqual(['Bank of Baroda']);
    // An IFSC typed in full, or on its way: its bank, until it is no IFSC of it.
    expect(found('SBIN0')).toEqual(['State Bank of India']);
    expect(found('sbin0001234')).toEqual(['State Bank of India']);
    expect(found('SBIN1')).toEqual([]);
  });

  it('still finds by the name: every word, any order, any case; the written forms of initials too', () => {
    expect(found('state bank')).toEqual(['State Bank of India']);
    expect(found('INDIA STATE')).toEqual(['State Bank of India']);
    expect(found('punjab and sind')).toEqual(['Punjab & Sind Bank']);
    expect(found('S.B.I.')).toEqual(['State Bank of India']);
    expect(found('J&K')).toEqual(['Jammu & Kashmir Bank']);
    // Every word must match, each by the name or a key.
    expect(found('sbi mumbai')).toEqual([]);
    expect(found('sbi india')).toEqual(['State Bank of India']);
    expect(found('zzz')).toEqual([]);
    expect(found('')).toHaveLength(ALL.length);
  });

  it("knows a bank by the name a backend writes, or by the code it sends; an unknown bank by its name's initials", () => {
    const bank = (bankName: string, code?: string): BankName => ({ id: '1', bankName, ...(code ? { code } : {}) });
    for (const name of ['STATE BANK OF INDIA', 'State Bank Of India Ltd.', 'The State Bank of India', 'state bank of india limited'])
      expect(bankMatches('sbin', bank(name)), name).toBe(true);
    expect(knownBank('Punjab and Sind Bank')?.code).toBe('PSIB');
    expect(knownBank('J&K Bank Ltd')?.code).toBe('JAKA');
    expect(knownBank('Some Bank', 'hdfc')?.name).toBe('HDFC Bank');
    // A name the table lacks: its initials, and the code the backend sent.
    expect(bankMatches('gsc', bank('Gujarat State Co-operative Bank'))).toBe(true);
    expect(bankMatches('gscb', bank('Gujarat State Co-operative Bank'))).toBe(false);
    expect(bankMatches('gscob', bank('Gujarat State Co-operative Bank'))).toBe(true);
    expect(bankMatches('gscb', bank('Gujarat State Co-operative Bank', 'GSCB'))).toBe(true);
    expect(bankMatches('gscb0000001', bank('Gujarat State Co-operative Bank', 'GSCB'))).toBe(true);
    // One word has no initials.
    expect(bankMatches('c', bank('Citibank'))).toBe(true);
    expect(bankInitials('Citibank')).toBe('');
  });

  it('derives initials from the name, skipping of, the and and', () => {
    expect(bankInitials('State Bank of India')).toBe('sbi');
    expect(bankInitials('The Bank of Baroda')).toBe('bb');
    expect(bankInitials('Jammu & Kashmir Bank Ltd.')).toBe('jkb');
    expect(bankInitials('Punjab and Sind Bank')).toBe('psb');
    expect(bankNameWords('The Jammu & Kashmir Bank Ltd.')).toEqual(['jammu', 'and', 'kashmir', 'bank']);
  });

  it('holds each bank once, with a well-formed IFSC code', () => {
    expect(new Set(KNOWN_BANKS.map((b) => b.code)).size).toBe(KNOWN_BANKS.length);
    for (const b of KNOWN_BANKS) expect(b.code).toMatch(/^[A-Z]{4}$/);
    const names = KNOWN_BANKS.flatMap((b) => [b.name, ...(b.aka ?? [])].map((n) => bankNameWords(n).join(' ')));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('IFSC finder machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(ifscMachine, paths);
    expect(coverage.missing, formatCoverage('ifsc', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    let previous = path.steps[0]!.state;
    for (const { state, event } of path.steps) {
      if (state.hasTag('failed')) expect(state.context.error).toBeTruthy();
      else expect(state.context.error).toBeNull();
      if (state.matches('state') || state.matches('city') || state.matches('branch')) expect(state.context.bank?.id).toBe('1');
      if (state.matches('city') || state.matches('branch')) expect(state.context.state?.id).toBe('11');
      if (state.matches('branch')) expect(state.context.city?.id).toBe('111');
      // A new level (down or back up) starts with an empty search.
      if (event.type !== 'search.changed' && !state.matches('done') && JSON.stringify(Object.keys(state.value as object)) !== JSON.stringify(Object.keys(previous.value as object)))
        expect(state.context.query).toBe('');
      previous = state;
    }
  });

  it('runs with provided effects: each list once, back up keeps lists, the branch IFSC replaces the finder', async () => {
    const calls: string[] = [];
    const navigations: string[] = [];
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const actor = createActor(
      ifscMachine.provide({
        actors: {
          loadBanks: fromPromise(async () => (calls.push('banks'), BANKS)),
          loadStates: fromPromise(async ({ input }) => (calls.push(`states ${input.bankId}`), STATES)),
          loadCities: fromPromise(async ({ input }) => (calls.push(`cities ${input.stateId}`), CITIES)),
          loadBranches: fromPromise(async ({ input }) => (calls.push(`branches ${input.cityId}`), BRANCHES)),
        },
        actions: { navigate: (_, { to, replace }) => navigations.push(`${replace ? 'replace' : 'push'} ${to}`) },
      }),
      { input: { pid: '3' } },
    ).start();
    await tick();
    actor.send({ type: 'bank.chosen', id: '1' });
    await tick();
    actor.send({ type: 'state.chosen', id: '11' });
    await tick();
    actor.send({ type: 'level.back' });
    expect(actor.getSnapshot().matches({ state: 'choosing' })).toBe(true);
    actor.send({ type: 'state.chosen', id: '11' });
    await tick();
    actor.send({ type: 'city.chosen', id: '111' });
    await tick();
    actor.send({ type: 'branch.chosen', id: 'not-listed' });
    expect(navigations).toEqual([]);
    actor.send({ type: 'branch.chosen', id: '1112' });
    expect(calls).toEqual(['banks', 'states 1', 'cities 11', 'cities 11', 'branches 111']);
    expect(navigations).toEqual(['replace /bank/add?pid=3&ifsc_code=SBIN0005778']);
  });
});
