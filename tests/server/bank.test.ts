/**
 * Bank accounts and the IFSC finder (docs/sandbox/verification.md 'Bank accounts and the IFSC finder'): the
 * dataset (real bank codes, well-formed unique IFSCs, ids that carry their bank), the finder's chain
 * bank → state → city → branch and its refusals, and binding an account: every rule, masking,
 * per-borrower isolation, the cap, the Idempotency-Key, and no session.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BankCardList, BankNameList, BindCardResult, BranchList, IFSC_PATTERN, NamedPlaceList } from '../../contract/bank';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { REPLAYED_HEADER } from '../../server/src/idempotency';
import { knownBank } from '../../machines/bank/bank-names';
import { findBranchByIfsc, ifscDataset, ifscDatasetSize } from '../../server/src/reference/ifsc';
import { INDIAN_STATES } from '../../server/src/reference/india';
import { BANK_MESSAGES, maskAccountNumber, MAX_BANK_CARDS } from '../../server/src/routes/bank';
import { api, freshPhone, parsed, signIn, startHarness, type Harness } from './helpers';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  ({ token } = await signIn(h, freshPhone()));
});
afterAll(async () => {
  await h.close();
});

const SESSION_MSG = 'Your session has expired. Please sign in again.';

/** The first branch the finder offers for the bank with this code, in the first state and city. */
async function firstBranch(code: string, t = token) {
  const banks = parsed(BankNameList, await api(h.app, 'GET', '/bank-info/v1/get-bank-info', { token: t }));
  const bank = banks.find((b) => b.bankName === ifscDataset().banks.find((x) => x.code === code)?.bankName);
  if (!bank) throw new Error(`no bank ${code}`);
  const states = parsed(NamedPlaceList, await api(h.app, 'GET', `/bank-info/v1/get-state-list?pId=${bank.id}`, { token: t }));
  const cities = parsed(NamedPlaceList, await api(h.app, 'GET', `/bank-info/v1/get-city-list?stateId=${states[0]?.id}`, { token: t }));
  const branches = parsed(BranchList, await api(h.app, 'GET', `/bank-info/v1/get-branch-list?cityId=${cities[0]?.id}`, { token: t }));
  const branch = branches[0];
  if (!branch) throw new Error('no branch');
  return branch;
}

const sbi = () => ifscDataset().branchById.get(1210101)?.ifsc ?? ''; // SBI, Maharashtra, Mumbai, Fort
const hdfc = () => ifscDataset().banks.find((b) => b.code === 'HDFC')?.states[0]?.cities[0]?.branches[0]?.ifsc ?? '';

const bind = (body: Record<string, unknown>, opts: { token?: string; key?: string } = {}) =>
  api(h.app, 'POST', '/bank/v1/bind-card', {
    token: opts.token ?? token,
    json: body,
    ...(opts.key ? { headers: { [IDEMPOTENCY_HEADER]: opts.key } } : {}),
  });
const account = (cardNo: string, bankCode = sbi()) => ({ bankCode, cardNo, confirmCardNo: cardNo, productId: 1, clientId: 'web' });
const cards = async (t = token) => parsed(BankCardList, await api(h.app, 'GET', '/bank/v1/find-user-bank-card', { token: t }));

let accountSeq = 0;
const newAccountNo = () => `50100${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(6, '0')}`;

describe('the IFSC dataset', () => {
  const d = ifscDataset();

  it("is made of banks the app's search knows by name, with the same IFSC codes", () => {
    for (const bank of d.banks) expect(knownBank(bank.bankName)?.code, bank.bankName).toBe(bank.code);
  });

  it('has the real bank codes, with enough branches that search matters', () => {
    const codes = new Map(d.banks.map((b) => [b.code, b.bankName]));
    for (const [code, name] of [
      ['SBIN', 'State Bank of India'], ['HDFC', 'HDFC Bank'], ['ICIC', 'ICICI Bank'], ['UTIB', 'Axis Bank'], ['PUNB', 'Punjab National Bank'],
      ['BARB', 'Bank of Baroda'], ['CNRB', 'Canara Bank'], ['UBIN', 'Union Bank of India'], ['KKBK', 'Kotak Mahindra Bank'],
      ['IDIB', 'Indian Bank'], ['IOBA', 'Indian Overseas Bank'], ['MAHB', 'Bank of Maharashtra'], ['YESB', 'Yes Bank'],
      ['IDFB', 'IDFC FIRST Bank'], ['INDB', 'IndusInd Bank'], ['FDRL', 'Federal Bank'],
    ]) expect(codes.get(code ?? '')).toBe(name);
    const size = ifscDatasetSize();
    expect(size.banks).toBeGreaterThanOrEqual(20);
    expect(size.states).toBeGreaterThanOrEqual(20);
    expect(size.cities).toBeGreaterThanOrEqual(100);
    expect(size.branches).toBeGreaterThanOrEqual(3000);
    const sbiBank = d.banks.find((b) => b.code === 'SBIN');
    const sbiBranches = sbiBank?.states.flatMap((s) => s.cities.flatMap((c) => c.branches)) ?? [];
    expect(sbiBranches.length).toBeGreaterThanOrEqual(300);
  });

  it('gives every branch a well-formed IFSC of its own bank, unique across the dataset', () => {
    const all = [...d.branchById.values()];
    expect(new Set(all.map((b) => b.ifsc)).size).toBe(all.length);
    for (const b of all) {
      expect(b.ifsc).toMatch(IFSC_PATTERN);
      expect(b.ifsc.slice(0, 4)).toBe(b.city.state.bank.code);
      expect(findBranchByIfsc(b.ifsc)).toBe(b);
    }
  });

  it("uses India's state names, and ids that carry their parent: state = bank×100+state, city = state×100+n, branch = city×100+n", () => {
    const india = new Map(INDIAN_STATES.map((s) => [s.id, s.name]));
    for (const bank of d.banks)
      for (const state of bank.states) {
        expect(Math.floor(state.id / 100)).toBe(bank.id);
        expect(india.get(state.id % 100)).toBe(state.name);
        expect(state.cities.length).toBeGreaterThan(0);
        for (const city of state.cities) {
          expect(Math.floor(city.id / 100)).toBe(state.id);
          expect(city.branches.length).toBeGreaterThan(0);
          for (const branch of city.branches) expect(Math.floor(branch.id / 100)).toBe(city.id);
        }
      }
  });

  it("keeps the README's sample IFSCs", () => {
    const where = (ifsc: string) => {
      const b = findBranchByIfsc(ifsc);
      return b && [b.city.state.bank.bankName, b.city.state.name, b.city.name, b.name, b.id].join(' / ');
    };
    expect(where('SBIN0333791')).toBe('State Bank of India / Maharashtra / Mumbai / Fort / 1210101');
    expect(where('HDFC0149771')).toBe('HDFC Bank / Karnataka / Bengaluru / MG Road / 2160101');
    expect(where('ICIC0845797')).toBe('ICICI Bank / Tamil Nadu / Chennai / T Nagar / 3310101');
    expect(where('UTIB0185803')).toBe('Axis Bank / Delhi / New Delhi / Connaught Place / 4090101');
    expect(where('KKBK0440062')).toBe('Kotak Mahindra Bank / Telangana / Hyderabad / Banjara Hills / 9320101');
    expect(where('PUNB0200129')).toBe('Punjab National Bank / Punjab / Ludhiana / Ludhiana Main Branch / 5280101');
    expect(ifscDatasetSize()).toEqual({ banks: 28, states: 26, cities: 117, branches: 4994 });
  });

  it('is the same every time it is built (no randomness)', async () => {
    expect(d.branchById.get(1210101)).toMatchObject({ name: 'Fort' });
    // A fresh copy of the module builds the same IFSCs.
    vi.resetModules();
    const again = (await import('../../server/src/reference/ifsc')).ifscDataset();
    expect([...again.branchByIfsc.keys()]).toEqual([...d.branchByIfsc.keys()]);
  });
});

describe('the IFSC finder', () => {
  it('chains bank → state → city → branch, each list alphabetical, and every offered IFSC is known', async () => {
    const banks = parsed(BankNameList, await api(h.app, 'GET', '/bank-info/v1/get-bank-info', { token }));
    expect(banks.length).toBe(ifscDatasetSize().banks);
    const names = banks.map((b) => b.bankName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const sbiBank = banks.find((b) => b.bankName === 'State Bank of India');
    expect(sbiBank?.id).toBe('1');
    // Each bank carries its IFSC code (beyond the spec), which the app's search reads.
    expect(sbiBank?.code).toBe('SBIN');
    for (const b of banks) expect(b.code, b.bankName).toBe(ifscDataset().bankById.get(Number(b.id))?.code);

    const states = parsed(NamedPlaceList, await api(h.app, 'GET', `/bank-info/v1/get-state-list?pId=${sbiBank?.id}`, { token }));
    const maharashtra = states.find((s) => s.name === 'Maharashtra');
    expect(maharashtra?.id).toBe('121');
    const cities = parsed(NamedPlaceList, await api(h.app, 'GET', `/bank-info/v1/get-city-list?stateId=${maharashtra?.id}`, { token }));
    const mumbai = cities.find((c) => c.name === 'Mumbai');
    expect(mumbai?.id).toBe('12101');
    expect(cities.map((c) => c.name)).toContain('Pune');
    const branches = parsed(BranchList, await api(h.app, 'GET', `/bank-info/v1/get-branch-list?cityId=${mumbai?.id}`, { token }));
    expect(branches.map((b) => b.name)).toContain('Fort');
    for (const b of branches) {
      expect(b.ifsc).toMatch(/^SBIN0\d{6}$/);
      expect(findBranchByIfsc(b.ifsc)?.city.name).toBe('Mumbai');
    }
  });

  it('offers only the states where that bank has branches', async () => {
    const banks = parsed(BankNameList, await api(h.app, 'GET', '/bank-info/v1/get-bank-info', { token }));
    const karur = banks.find((b) => b.bankName === 'Karur Vysya Bank');
    const states = parsed(NamedPlaceList, await api(h.app, 'GET', `/bank-info/v1/get-state-list?pId=${karur?.id}`, { token }));
    expect(states.map((s) => s.name)).toContain('Tamil Nadu');
    expect(states.map((s) => s.name)).not.toContain('Bihar');
    // The same state under another bank is another id, so the next list knows the bank.
    const sbiStates = parsed(NamedPlaceList, await api(h.app, 'GET', '/bank-info/v1/get-state-list?pId=1', { token }));
    expect(sbiStates.find((s) => s.name === 'Tamil Nadu')?.id).not.toBe(states.find((s) => s.name === 'Tamil Nadu')?.id);
  });

  it.each([
    ['/bank-info/v1/get-state-list', 'pId', BANK_MESSAGES.bankNotFound, ['0', '999', 'abc', '-1', '1.5', '1e2', '9'.repeat(40), '', '121']],
    ['/bank-info/v1/get-city-list', 'stateId', BANK_MESSAGES.stateNotFound, ['0', '1', '199', 'x', '9'.repeat(40), '', '12101']],
    ['/bank-info/v1/get-branch-list', 'cityId', BANK_MESSAGES.cityNotFound, ['0', '121', '12199', 'Mumbai', '9'.repeat(40), '', '1210101']],
  ])('%s refuses a %s that is not one, with a clear message', async (path, param, message, values) => {
    for (const value of values) {
      const res = await api(h.app, 'GET', `${path}?${param}=${encodeURIComponent(value)}`, { token });
      expect(res, `${param}=${value}`).toEqual({ code: 1, msg: message, data: null });
    }
    expect(await api(h.app, 'GET', path, { token })).toEqual({ code: 1, msg: message, data: null });
    expect((await api(h.app, 'GET', `${path}?${param}=%00`, { token })).code).toBe(1);
  });

  it.each(['/bank-info/v1/get-bank-info', '/bank-info/v1/get-state-list?pId=1', '/bank-info/v1/get-city-list?stateId=121', '/bank-info/v1/get-branch-list?cityId=12101', '/bank/v1/find-user-bank-card'])(
    '%s needs a session (-4)',
    async (path) => {
      expect(await api(h.app, 'GET', path)).toEqual({ code: -4, msg: SESSION_MSG, data: null });
      expect(await api(h.app, 'GET', path, { token: 'f'.repeat(64) })).toEqual({ code: -4, msg: SESSION_MSG, data: null });
    },
  );
});

describe('binding a bank account', () => {
  it('a new borrower has none; a bound account is answered masked and listed newest first', async () => {
    const t = (await signIn(h, freshPhone())).token;
    expect(await cards(t)).toEqual([]);
    const first = newAccountNo();
    const one = parsed(BindCardResult, await bind(account(first), { token: t }));
    expect(one).toEqual({ id: one.id, cardNo: maskAccountNumber(first), bankCode: sbi() });
    expect(one.cardNo).toMatch(/^X+\d{4}$/);
    expect(one.cardNo).toHaveLength(first.length);
    expect(one.cardNo.endsWith(first.slice(-4))).toBe(true);
    await h.clock.advance(1000);
    const second = newAccountNo();
    const two = parsed(BindCardResult, await bind(account(second, hdfc()), { token: t }));
    expect(await cards(t)).toEqual([two, one]);
    // The number is kept whole.
    const row = await h.db.query<{ card_no: string }>('SELECT card_no FROM bank_cards WHERE id = $1', [Number(one.id)]);
    expect(row.rows[0]?.card_no).toBe(first);
  });

  it('masks all but the last 4 digits, the length kept', () => {
    expect(maskAccountNumber('123456781234')).toBe('XXXXXXXX1234');
    expect(maskAccountNumber('1234567890123456789')).toBe('XXXXXXXXXXXXXXX6789');
    expect(maskAccountNumber('12345')).toBe('X2345');
    expect(maskAccountNumber('123')).toBe('123');
  });

  it('takes an IFSC the finder offers', async () => {
    const branch = await firstBranch('KKBK');
    const res = parsed(BindCardResult, await bind(account(newAccountNo(), branch.ifsc)));
    expect(res.bankCode).toBe(branch.ifsc);
  });

  it('forgives an IFSC in lower case or with spaces around it, and keeps it in capitals', async () => {
    const res = parsed(BindCardResult, await bind(account(newAccountNo(), `  ${sbi().toLowerCase()} `)));
    expect(res.bankCode).toBe(sbi());
  });

  it('refuses an IFSC that is not in the dataset', async () => {
    for (const code of ['SBIN0000000', 'ABCD0123456', `${sbi().slice(0, 4)}0ZZZZZZ`]) {
      expect(await bind(account(newAccountNo(), code)), code).toEqual({ code: 1, msg: BANK_MESSAGES.ifscUnknown, data: null });
    }
    expect(BANK_MESSAGES.ifscUnknown).toBe('This IFSC code was not found. Please check it or use Find your IFSC.');
  });

  it('refuses an IFSC that is not one', async () => {
    for (const code of ['SBIN1234567', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234', 12345678901, true]) {
      expect(await bind(account(newAccountNo(), code as string)), String(code)).toEqual({ code: 1, msg: BANK_MESSAGES.ifscMalformed, data: null });
    }
  });

  it("answers the spec's messages for empty fields, in the form's order", async () => {
    const no = newAccountNo();
    expect((await bind({ cardNo: no, confirmCardNo: no })).msg).toBe('Please input Ifsc Code');
    expect((await bind({ bankCode: '', cardNo: no, confirmCardNo: no })).msg).toBe('Please input Ifsc Code');
    expect((await bind({ bankCode: sbi(), cardNo: '', confirmCardNo: no })).msg).toBe('Please input Bank Account');
    expect((await bind({ bankCode: sbi(), cardNo: null, confirmCardNo: no })).msg).toBe('Please input Bank Account');
    expect((await bind({ bankCode: sbi(), cardNo: no })).msg).toBe('Please input Confirm Account');
    expect((await bind({})).msg).toBe('Please input Ifsc Code');
  });

  it('takes digits only, fewer than 20', async () => {
    expect((await bind(account('1'.repeat(19)))).code).toBe(0);
    for (const no of ['1'.repeat(20), '1234 5678', '12345678a', '١٢٣٤٥٦٧٨', '-12345678', '1234.5678', 12345678]) {
      expect(await bind({ ...account(String(no)), cardNo: no, confirmCardNo: no }), String(no)).toEqual({
        code: 1,
        msg: BANK_MESSAGES.accountDigits,
        data: null,
      });
    }
  });

  it("refuses a confirmation that differs: 'Please Confirm Account'", async () => {
    const no = newAccountNo();
    const res = await bind({ ...account(no), confirmCardNo: `${no}1` });
    expect(res).toEqual({ code: 1, msg: 'Please Confirm Account', data: null });
    expect(await bind({ ...account(no), confirmCardNo: 42 })).toEqual({ code: 1, msg: 'Please Confirm Account', data: null });
  });

  it('refuses the same account number twice for one borrower, whatever the IFSC', async () => {
    const t = (await signIn(h, freshPhone())).token;
    const no = newAccountNo();
    expect((await bind(account(no), { token: t })).code).toBe(0);
    expect(await bind(account(no), { token: t })).toEqual({ code: 1, msg: 'This bank account is already added.', data: null });
    expect(await bind(account(no, hdfc()), { token: t })).toEqual({ code: 1, msg: 'This bank account is already added.', data: null });
    expect(await cards(t)).toHaveLength(1);
  });

  it('keeps borrowers apart: each sees only their own accounts, and another borrower may add the same number', async () => {
    const a = (await signIn(h, freshPhone())).token;
    const b = (await signIn(h, freshPhone())).token;
    const no = newAccountNo();
    const mine = parsed(BindCardResult, await bind(account(no), { token: a }));
    expect(await cards(b)).toEqual([]);
    const theirs = parsed(BindCardResult, await bind(account(no, hdfc()), { token: b }));
    expect(theirs.id).not.toBe(mine.id);
    expect(await cards(a)).toEqual([mine]);
    expect(await cards(b)).toEqual([theirs]);
  });

  it(`keeps at most ${MAX_BANK_CARDS} accounts per borrower`, async () => {
    const t = (await signIn(h, freshPhone())).token;
    for (let i = 0; i < MAX_BANK_CARDS; i++) expect((await bind(account(newAccountNo()), { token: t })).code).toBe(0);
    expect(await bind(account(newAccountNo()), { token: t })).toEqual({ code: 1, msg: BANK_MESSAGES.tooMany, data: null });
    expect(await cards(t)).toHaveLength(MAX_BANK_CARDS);
  });

  it('two binds of the same account at once add it once', async () => {
    const t = (await signIn(h, freshPhone())).token;
    const no = newAccountNo();
    const both = await Promise.all([bind(account(no), { token: t }), bind(account(no), { token: t })]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(await cards(t)).toHaveLength(1);
  });

  it('honours the Idempotency-Key: a repeat replays the first answer and adds nothing', async () => {
    const t = (await signIn(h, freshPhone())).token;
    const key = `bind-${process.pid}-${Date.now()}`;
    const body = account(newAccountNo());
    const first = await bind(body, { token: t, key });
    expect(first.code).toBe(0);
    const res = await h.app.request('/api1/bank/v1/bind-card', {
      method: 'POST',
      headers: { token: t, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(body),
    });
    expect(res.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await res.json()).toEqual(first);
    expect(await cards(t)).toHaveLength(1);
    // Without the key, the same account is a duplicate.
    expect((await bind(body, { token: t })).msg).toBe(BANK_MESSAGES.duplicate);
    // The same key with another account is refused.
    expect((await bind(account(newAccountNo()), { token: t, key })).msg).toBe('This Idempotency-Key was already used for a different request.');
  });

  it('a refusal releases the key: the corrected request with the same key adds the account', async () => {
    const t = (await signIn(h, freshPhone())).token;
    const key = `bind-fix-${process.pid}-${Date.now()}`;
    const body = account(newAccountNo());
    expect((await bind({ ...body, confirmCardNo: '1' }, { token: t, key })).msg).toBe('Please Confirm Account');
    expect((await bind(body, { token: t, key })).code).toBe(0);
  });

  it('needs a session (-4), and stores nothing without one', async () => {
    const before = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_cards');
    const res = await api(h.app, 'POST', '/bank/v1/bind-card', { json: account(newAccountNo()) });
    expect(res).toEqual({ code: -4, msg: SESSION_MSG, data: null });
    const after = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_cards');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('refuses bad bodies with the envelope, never a 5xx', async () => {
    expect((await api(h.app, 'POST', '/bank/v1/bind-card', { token, body: '{' })).msg).toBe('The request body must be JSON.');
    expect((await api(h.app, 'POST', '/bank/v1/bind-card', { token, body: '[]' })).code).toBe(1);
    expect((await bind({ ...account(newAccountNo()), clientId: 'a\u0000b' })).msg).toBe('The request contains characters that cannot be stored.');
  });

  it('seeds no account for the personas: a verified borrower adds one', async () => {
    const ravi = (await signIn(h, '919000000002')).token;
    expect(await cards(ravi)).toEqual([]);
  });
});
