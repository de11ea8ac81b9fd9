/** The sandbox's reference data of India's states and union territories with their districts. */
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../server/src/reference/india';

const byName = (name: string) => {
  const state = INDIAN_STATES.find((s) => s.name === name);
  if (!state) throw new Error(`no state named ${name}`);
  return state;
};
const isSorted = (list: readonly string[]) => list.every((x, i) => i === 0 || (list[i - 1] ?? '').localeCompare(x, 'en') < 0);

describe('INDIAN_STATES', () => {
  it('lists 28 states and 8 union territories', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union territory')).toHaveLength(8);
  });

  it('numbers them 1..36 in alphabetical order of their unique names', () => {
    expect(INDIAN_STATES.map((s) => s.id)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    const names = INDIAN_STATES.map((s) => s.name);
    expect(new Set(names).size).toBe(36);
    expect(isSorted(names)).toBe(true);
  });

  it('gives every entry at least one district, alphabetical and without duplicates', () => {
    for (const s of INDIAN_STATES) {
      expect(s.districts.length, s.name).toBeGreaterThan(0);
      expect(new Set(s.districts).size, s.name).toBe(s.districts.length);
      expect(isSorted(s.districts), s.name).toBe(true);
      for (const d of s.districts) expect(d, s.name).toMatch(/^\S(.*\S)?$/);
    }
  });

  it('holds between 700 and 800 districts in all', () => {
    const total = INDIAN_STATES.reduce((n, s) => n + s.districts.length, 0);
    expect(total).toBeGreaterThanOrEqual(700);
    expect(total).toBeLessThanOrEqual(800);
  });

  it('has the entries an address form looks for', () => {
    expect(byName('Maharashtra').districts).toEqual(expect.arrayContaining(['Pune', 'Mumbai Suburban', 'Mumbai City']));
    expect(byName('Karnataka').districts).toContain('Bengaluru Urban');
    expect(byName('Tamil Nadu').districts).toContain('Chennai');
    expect(byName('Uttar Pradesh').districts).toHaveLength(75);
    expect(byName('Delhi').districts.length).toBeGreaterThanOrEqual(11);
    expect(byName('Chandigarh').districts).toEqual(['Chandigarh']);
    expect(byName('Ladakh').kind).toBe('union territory');
    expect(byName('Jammu and Kashmir').kind).toBe('union territory');
    expect(byName('Dadra and Nagar Haveli and Daman and Diu').kind).toBe('union territory');
    expect(byName('Telangana').kind).toBe('state');
  });
});
