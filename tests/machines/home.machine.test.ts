import { describe, expect, it } from 'vitest';
import { homeMachine } from '../../machines/home/home.machine';
import { cases, inputs, serialize } from '../../machines/home/home.cases';
import { generatePaths, transitionCoverage, formatCoverage } from '../support/model';

const paths = generatePaths(homeMachine, { cases, inputs, serialize });

describe('home machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(homeMachine, paths);
    expect(coverage.missing, formatCoverage('home', coverage)).toEqual([]);
    expect(coverage.total).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const step of path.steps) {
      const s = step.state;
      // Invariants in every state the path reaches.
      if (s.matches('ready')) expect(s.context.home).not.toBeNull();
      if (s.matches('failed')) expect(s.context.error).toBeTruthy();
      if (s.matches('checkingOrders')) {
        expect(s.context.home?.userStatus).toBe(1);
        expect(s.context.applyingFor).not.toBeNull();
        expect(s.hasTag('busy')).toBe(true);
      } else expect(s.context.applyingFor).toBeNull();
    }
  });
});
