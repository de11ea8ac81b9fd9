import { describe, expect, it } from 'vitest';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { cases } from '../../machines/resource/resource.cases';
import { formatCoverage, transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';

const paths = generatePaths(resourceMachine, { cases });

describe('resource machine: paths generated from the machine', () => {
  it('covers every transition', () => {
    const coverage = transitionCoverage(resourceMachine, paths);
    expect(coverage.missing, formatCoverage('resource', coverage)).toEqual([]);
  });

  it.each(paths.map((p) => [p.title, p] as const))('%s', (_, path) => {
    for (const { state } of path.steps) {
      if (state.matches('ready')) expect(state.context.data).not.toBeNull();
      if (state.matches('failed')) expect(state.context.error).toEqual({ server: 'Service busy' });
      expect(state.hasTag('busy')).toBe(state.matches('loading'));
    }
  });
});
