/**
 * The phone rule (machines/shared/phone.ts): what a phone field keeps of what the borrower types,
 * key by key, pastes or deletes, and the 10 digits it stands for. Shared by the login phone and the
 * contacts' mobiles.
 */
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidMobile, mobileOf, phoneDigits, phoneText, typesCountryCode } from '../../machines/shared/phone';

/** What the field shows after each key, typed at the end of what it shows (as an input does). */
function typeKeys(keys: string, start = ''): string[] {
  const shown: string[] = [];
  let text = start;
  for (const key of keys) {
    text = phoneText(text + key);
    shown.push(text);
  }
  return shown;
}

/** Backspace at the end. */
const backspace = (text: string) => phoneText(text.slice(0, -1));
/** `inserted` pasted (or typed) at `at`, as the input reports its whole new value. */
const insertAt = (text: string, at: number, inserted: string) => phoneText(text.slice(0, at) + inserted + text.slice(at));

describe('phone: typed key by key', () => {
  it.each([
    ['+919876543210', ['+', '+9', '+91', '+919', '+9198', '+91987', '+919876', '+9198765', '+91987654', '+919876543', '+9198765432', '+91987654321', '9876543210']],
    ['919876543210', ['9', '91', '919', '9198', '91987', '919876', '9198765', '91987654', '919876543', '9198765432', '91987654321', '9876543210']],
    ['09876543210', ['0', '09', '098', '0987', '09876', '098765', '0987654', '09876543', '098765432', '0987654321', '9876543210']],
    ['98765 43210', ['9', '98', '987', '9876', '98765', '98765', '987654', '9876543', '98765432', '987654321', '9876543210']],
  ])('%s shows what was typed, then the right 10 digits', (keys, shown) => {
    expect(typeKeys(keys)).toEqual(shown);
    expect(mobileOf(shown.at(-1)!)).toBe('9876543210');
  });

  it('takes spaces and dashes anywhere, with or without a prefix', () => {
    for (const keys of ['+91 98765 43210', '+91-98765-43210', '91 98765 43210', '0 98765-43210', '987-654-3210', ' +91 (98765) 43210 ']) {
      expect(typeKeys(keys).at(-1), keys).toBe('9876543210');
    }
  });

  it('does not take an unfinished prefixed number for a number', () => {
    // On the way to 91 + 10 digits: '9198765432' alone is a number (91xxxxxxxx mobiles exist), but
    // the next digits are still taken and re-read it as 91 + 10.
    const shown = typeKeys('919876543210');
    expect(phoneDigits(shown[9]!)).toBe('9198765432');
    expect(phoneDigits(shown[10]!)).toBeNull();
    expect(phoneDigits(shown[11]!)).toBe('9876543210');
    // A leading 0 or + waits for all ten digits: no number (and no wrong one) before.
    for (const text of typeKeys('09876543210').slice(0, -1)) expect(phoneDigits(text), text).toBeNull();
    for (const text of typeKeys('+919876543210').slice(0, -1)) expect(phoneDigits(text), text).toBeNull();
  });

  it('never shifts a whole number: digits past the longest one are refused', () => {
    expect(typeKeys('98765432107').at(-1)).toBe('9876543210');
    expect(typeKeys('987654321099').at(-1)).toBe('9876543210');
    expect(typeKeys('7', '9876543210')).toEqual(['9876543210']);
    // After a collapsed +91 number as well.
    expect(typeKeys('+9198765432101').at(-1)).toBe('9876543210');
  });

  it("drops a '+' that cannot be +91, keeps the digits", () => {
    expect(typeKeys('+987650123499').at(-1)).toBe('9876501234');
    expect(typeKeys('+0')).toEqual(['+', '0']);
    expect(typeKeys('98+7')).toEqual(['9', '98', '98', '987']);
    expect(typeKeys('+1 555 123 4567').at(-1)).toBe('1555123456');
    expect(mobileOf('1555123456')).toBeNull();
  });

  it('keeps a whole prefixed number that is not a mobile as typed, never a wrong 10-digit text', () => {
    expect(typeKeys('+911234567890').at(-1)).toBe('+911234567890');
    expect(phoneDigits('+911234567890')).toBe('1234567890');
    expect(mobileOf('+911234567890')).toBeNull();
    // 0091 (an international prefix) is not one of the prefixes: it ends as no number, not a wrong one.
    expect(mobileOf(typeKeys('00919876543210').at(-1)!)).toBeNull();
  });
});

describe('phone: deleting', () => {
  it('backspace removes the last character typed', () => {
    expect(backspace('+91987654321')).toBe('+9198765432');
    expect(backspace('+91')).toBe('+9');
    expect(backspace('+')).toBe('');
    expect(backspace('9876543210')).toBe('987654321');
  });

  it('a collapsed number deletes like any 10 digits; typing again ends the same way', () => {
    let text = typeKeys('+919876543210').at(-1)!;
    text = backspace(text);
    expect(text).toBe('987654321');
    expect(mobileOf(text)).toBeNull();
    expect(typeKeys('0', text).at(-1)).toBe('9876543210');
  });

  it('deleting in the middle keeps the rest', () => {
    expect(phoneText('98765' + '3210')).toBe('987653210');
    expect(phoneText('+91' + '87654321')).toBe('+9187654321');
  });
});

describe('phone: pasting', () => {
  it.each([
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765 432101', '9876543210'],
    ['9198765432', '9198765432'],
    ['+9198765', '+9198765'],
  ])('%s gives %s, as typing it does', (pasted, kept) => {
    expect(phoneText(pasted)).toBe(kept);
    expect(typeKeys(pasted).at(-1)).toBe(kept);
  });

  it('in the middle: a prefix before typed digits, the rest of a number after a prefix', () => {
    expect(insertAt('98765', 0, '+91')).toBe('+9198765');
    expect(insertAt('9876543210', 0, '+91')).toBe('9876543210');
    expect(insertAt('+91', 3, '98765 43210')).toBe('9876543210');
    expect(insertAt('98765', 5, '43210')).toBe('9876543210');
  });

  it('is the same rule every time: a kept text reads back unchanged (idempotent)', () => {
    const samples = ['', '+', '+9', '+98', '0', '00', '9198765432', '91987654321', '+911234567890', '0987654321', '9876543210', 'abc', '+91 98765-43210 77'];
    const chars = '+0123456789 -';
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 300; i++) samples.push(Array.from({ length: Math.floor(random() * 16) }, () => chars[Math.floor(random() * chars.length)]).join(''));
    for (const raw of samples) {
      const text = phoneText(raw);
      expect(phoneText(text), raw).toBe(text);
      expect(text, raw).toMatch(/^\+?\d{0,12}$/);
      const digits = phoneDigits(text);
      if (digits !== null) expect(digits, raw).toMatch(/^\d{10}$/);
      // A mobile is always shown as its own 10 digits: what the borrower sees is what is sent.
      if (mobileOf(text) !== null) expect(text, raw).toBe(mobileOf(text));
    }
  });
});

describe('phone: the rest', () => {
  it('a mobile is 10 digits starting 6–9', () => {
    expect(isValidMobile('9876543210')).toBe(true);
    expect(isValidMobile('5876543210')).toBe(false);
    expect(mobileOf('5876543210')).toBeNull();
    expect(mobileOf('98765')).toBeNull();
  });

  it('the fixed +91 steps aside only while the borrower types their own +', () => {
    expect(typesCountryCode('+9198')).toBe(true);
    expect(typesCountryCode('9198')).toBe(false);
    expect(typesCountryCode('')).toBe(false);
  });

  it('formats a number for display', () => {
    expect(formatPhone('9876543210')).toBe('+91 98765 43210');
    expect(formatPhone('98765')).toBe('+91 98765');
  });
});
