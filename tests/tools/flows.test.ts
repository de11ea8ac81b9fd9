/** The QA report of `npm run flows`: the Mermaid diagram of a tiny machine, the tables, discovery. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assign, fromPromise, setup } from 'xstate';
import { flowReport, pathsTable, statesTable, toMermaid } from '../../model-testing/flow-report';
import { actorDone, actorError } from '../../machines/shared/cases';
import { transitionCoverage } from '../../model-testing/coverage';
import { generatePaths } from '../../model-testing/paths';
import { findMachineFiles, pickMachine, reportNames } from '../../scripts/flows';
import { loginMachine } from '../../machines/login/login.machine';

const tiny = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'send' } | { type: 'edit' } },
  actors: { post: fromPromise<void>(() => Promise.resolve()) },
  guards: { canSend: () => true },
}).createMachine({
  id: 'tiny',
  description: 'A form that posts once.',
  context: { tries: 0 },
  initial: 'editing',
  states: {
    editing: {
      description: 'Typing; {braces}; and #hashes.',
      on: { send: { guard: 'canSend', target: 'posting' }, edit: { actions: assign({ tries: 0 }) } },
    },
    posting: {
      tags: ['busy'],
      initial: 'waiting',
      on: { edit: { actions: assign({ tries: 1 }) } },
      states: { waiting: {} },
      invoke: { id: 'post', src: 'post', onDone: 'sent', onError: 'editing' },
    },
    sent: { type: 'final', description: 'Done.' },
  },
});

describe('toMermaid', () => {
  it('draws states, initial and final markers, labelled transitions and notes', () => {
    expect(toMermaid(tiny)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> editing',
        '  editing',
        '  note right of editing',
        '    Typing, (braces), and hashes.',
        '  end note',
        '  state posting {',
        '    [*] --> waiting',
        '    waiting',
        '  }',
        '  note right of posting',
        '    Stays on: edit.',
        '  end note',
        '  sent',
        '  sent --> [*]',
        '  note right of sent',
        '    Done.',
        '  end note',
        '  editing --> posting : send [canSend]',
        '  editing --> editing : edit',
        '  posting --> sent : post done',
        '  posting --> editing : post error',
      ].join('\n'),
    );
  });

  it('draws parallel regions with -- (inside a composite state: a parallel root becomes one) and disambiguates repeated state names', () => {
    const par = setup({}).createMachine({
      id: 'par',
      type: 'parallel',
      states: {
        upper: { initial: 'idle', states: { idle: {} } },
        lower: { initial: 'idle', states: { idle: {} } },
      },
    });
    const text = toMermaid(par);
    expect(text).toContain('  state "par" as par_machine\n  state par_machine {\n');
    expect(text).toContain('    state upper {\n      [*] --> upper_idle');
    expect(text).toContain('    }\n    --\n    state lower {');
    expect(text).toContain('state "idle" as lower_idle');
  });

  it('draws the login machine with its parallel regions and guards', () => {
    const text = toMermaid(loginMachine);
    expect(text).toContain('idle --> idle : code.requested [agreementMissing]');
    expect(text).toContain('cooldown --> idle : after resendCooldown');
    expect(text).toContain('ready --> incomplete : always [!loginAllowed]');
    expect(text).toMatch(/state codeRequest \{[\s\S]*\n {4}--\n {4}state submission \{/);
  });
});

describe('report tables', () => {
  const paths = generatePaths(tiny, { cases: [{ type: 'send' }, { type: 'edit' }, actorDone('post', undefined), actorError('post', new Error('no'))] });
  const coverage = transitionCoverage(tiny, paths);

  it('lists states with tags and descriptions, and paths as state —event→ state', () => {
    expect(statesTable(tiny)).toContain('| `posting` | busy |  |');
    expect(pathsTable(paths)).toContain('editing —send→ posting.waiting<br>posting.waiting —post done→ sent | sent |');
  });

  it('writes a report with the coverage figure and the diagram', () => {
    const md = flowReport({ name: 'tiny', machineFile: 'machines/tiny/tiny.machine.ts', casesFile: null }, tiny, paths, coverage);
    expect(md).toContain('# tiny');
    expect(md).toContain('> A form that posts once.');
    expect(md).toContain(`${coverage.total}/${coverage.total} transitions covered`);
    expect(md).toContain('```mermaid\nstateDiagram-v2');
  });
});

describe('discovery', () => {
  it('finds machines/**/*.machine.ts and names reports uniquely', () => {
    const dir = join(import.meta.dirname, '../../machines');
    const files = findMachineFiles(dir);
    expect(files.some((f) => f.endsWith('login/login.machine.ts'))).toBe(true);
    expect([...reportNames(['/m/a/x.machine.ts', '/m/b/x.machine.ts', '/m/c/y.machine.ts'], '/m').values()]).toEqual(['a-x', 'b-x', 'y']);
  });

  it('picks the one machine a module exports, or <name>Machine', () => {
    expect(pickMachine({ loginMachine, RESEND: 1 }, 'login')).toBe(loginMachine);
    expect(pickMachine({ tiny, loginMachine }, 'login')).toBe(loginMachine);
    expect(() => pickMachine({ a: tiny, b: loginMachine }, 'other')).toThrow(/exports 2 machines/);
    expect(() => pickMachine({ factory: () => tiny }, 'x')).toThrow(/exports no machine/);
  });
});
