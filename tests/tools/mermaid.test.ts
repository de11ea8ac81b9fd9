// @vitest-environment jsdom
/**
 * Product owners read the flows as Mermaid diagrams (`npm run flows`): every machine's diagram must
 * be one Mermaid accepts. This parses each with Mermaid itself (a devDependency, never in the app).
 */
import { join } from 'node:path';
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { findMachineFiles, pickMachine } from '../../scripts/flows';
import { toMermaid } from '../../model-testing/flow-report';

const files = findMachineFiles(join(import.meta.dirname, '../../machines'));

describe('every machine diagram parses in Mermaid', () => {
  it('finds the machines', () => expect(files.length).toBeGreaterThanOrEqual(3));

  it.each(files.map((f) => [f.replace(/^.*machines\//, 'machines/'), f] as const))('%s', async (_, file) => {
    const mod = (await import(file)) as Record<string, unknown>;
    const name = file.replace(/^.*\//, '').replace(/\.machine\.ts$/, '');
    const diagram = toMermaid(pickMachine(mod, name));
    await expect(mermaid.parse(diagram)).resolves.toBeTruthy();
  });

  it('rejects what broke before: a one-line note with a colon in its text', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  [*] --> a\n  note right of a : failed: retry')).rejects.toThrow();
  });
});
