/** Drafts belong to the tab's borrower (src/lib/draft.ts), and survive another tab's Quit while the tab is open. */
import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, draftStore, stringRecord } from '../../src/lib/draft';
import { session } from '../../src/lib/session';
import { otherTab } from './other-tab';

const A = '9000000001';
const B = '9000000002';
const basic = () => draftStore('auth.basic', stringRecord);

describe('drafts and the tab’s session', () => {
  beforeEach(() => {
    session.clear();
    localStorage.clear();
  });

  it("are keyed by this tab's phone, not by whoever signed in last on the device", () => {
    session.signIn({ token: 'tA', phone: A });
    otherTab.quit();
    otherTab.signIn('tB', B);
    expect(draftKey('auth.basic')).toBe(`bw.draft.auth.basic.${A}`);
    basic().write({ address: '12 MG Road' });
    expect(localStorage.getItem(`bw.draft.auth.basic.${B}`)).toBeNull();
    expect(JSON.parse(localStorage.getItem(`bw.draft.auth.basic.${A}`)!)).toEqual({ address: '12 MG Road' });
  });

  it("another tab's Quit removes them; this tab, still open as that borrower, writes back what it holds", () => {
    session.signIn({ token: 'tA', phone: A });
    basic().write({ address: '12 MG Road', email: 'a@example.com' });
    const work = draftStore('auth.work', stringRecord);
    localStorage.setItem(draftKey('auth.work'), JSON.stringify({ company: 'Infosys' }));
    expect(work.read()).toEqual({ company: 'Infosys' }); // read, not written: held too
    otherTab.quit();
    expect(JSON.parse(localStorage.getItem(`bw.draft.auth.basic.${A}`)!)).toEqual({ address: '12 MG Road', email: 'a@example.com' });
    expect(JSON.parse(localStorage.getItem(`bw.draft.auth.work.${A}`)!)).toEqual({ company: 'Infosys' });
    // …and still after another borrower signs in there.
    otherTab.signIn('tB', B);
    expect(basic().read()).toEqual({ address: '12 MG Road', email: 'a@example.com' });
  });

  it("the device's own drafts (the sign-in form) are not anyone's: another tab's Quit removes them for good", () => {
    session.signIn({ token: 'tA', phone: A });
    const login = draftStore('login', (raw) => raw as { phone: string }, { perBorrower: false });
    login.write({ phone: A });
    otherTab.quit();
    expect(localStorage.getItem('bw.draft.login')).toBeNull();
  });

  it("a Quit in this tab removes them for good, even when another tab's change follows", () => {
    session.signIn({ token: 'tA', phone: A });
    basic().write({ address: '12 MG Road' });
    session.clear();
    session.signIn({ token: 'tA2', phone: A });
    otherTab.quit();
    expect(localStorage.getItem(`bw.draft.auth.basic.${A}`)).toBeNull();
  });

  it('a draft removed on purpose (a successful submit) is not written back', () => {
    session.signIn({ token: 'tA', phone: A });
    basic().write({ address: '12 MG Road' });
    basic().remove();
    otherTab.quit();
    expect(localStorage.getItem(`bw.draft.auth.basic.${A}`)).toBeNull();
  });

  it('the same borrower removing a draft in another tab (no session change) is left as it is', () => {
    session.signIn({ token: 'tA', phone: A });
    basic().write({ address: '12 MG Road' });
    otherTab.remove(`bw.draft.auth.basic.${A}`);
    expect(localStorage.getItem(`bw.draft.auth.basic.${A}`)).toBeNull();
  });
});
