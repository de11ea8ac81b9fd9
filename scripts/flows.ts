/**
 * `npm run flows`: for every machine under machines/, write flows/<name>.md (a Mermaid diagram drawn
 * from the machine, its states and transitions, and the generated test paths) and flows/index.md,
 * and print each machine's transition coverage. Exits non-zero when a machine has an uncovered
 * transition or cannot be loaded.
 *
 * Convention (see tests/support/model.ts, CasesModule):
 * - machines/<dir>/<name>.machine.ts exports one machine (`<name>Machine` wins if it exports several;
 *   a factory such as `resourceMachineFor<T>()` also needs a plain instance export for the tools);
 * - machines/<dir>/<name>.cases.ts beside it exports `cases`, and optionally `inputs` and `serialize`.
 *   Without a cases module the bare event types the machine names are tried (no payloads, no actor
 *   outputs), which rarely covers a machine with invokes: add the module.
 *
 * Usage: npm run flows [-- <name> ...]   (only the named machines)
 */
import { mkdirSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, EventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { flowReport } from '../tests/support/flow-report';
import type { CaseEvent, CasesModule } from '../machines/shared/cases';
import { formatCoverage, transitionCoverage } from '../tests/support/coverage';
import { generatePaths } from '../tests/support/paths';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(root, 'machines');
const outDir = join(root, 'flows');

export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value && 'transition' in value;
}

/** machines/**\/*.machine.ts, sorted. */
export function findMachineFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => join(dir, f))
    .sort();
}

/** The machine a module exports: the only one, or `<name>Machine`. */
export function pickMachine(mod: Record<string, unknown>, name: string): AnyStateMachine {
  const machines = Object.entries(mod).filter(([, v]) => isMachine(v)) as [string, AnyStateMachine][];
  const camel = name.replace(/[-_.](\w)/g, (_, c: string) => c.toUpperCase());
  const preferred = machines.find(([k]) => k === `${camel}Machine`);
  if (preferred) return preferred[1];
  if (machines.length === 1) return machines[0]![1];
  if (machines.length === 0) throw new Error('exports no machine (export an instance, not only a factory)');
  throw new Error(`exports ${machines.length} machines (${machines.map(([k]) => k).join(', ')}); name one \`${camel}Machine\``);
}

/** Without a cases module: every event type some state names, without payload. */
function bareCases(machine: AnyStateMachine): EventObject[] {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) for (const t of node.ownEvents) if (!t.includes('*')) types.add(t);
  return [...types].map((type) => ({ type }));
}

interface Result {
  name: string;
  ok: boolean;
  line: string;
}

async function processMachine(file: string, name: string): Promise<Result> {
  const rel = relative(root, file);
  const casesPath = file.replace(/\.machine\.ts$/, '.cases.ts');
  const casesRel = existsSync(casesPath) ? relative(root, casesPath) : null;
  try {
    const machine = pickMachine((await import(pathToFileURL(file).href)) as Record<string, unknown>, basename(file, '.machine.ts'));
    const notes: string[] = [];
    let mod: CasesModule<AnyStateMachine>;
    if (casesRel) {
      const loaded = (await import(pathToFileURL(casesPath).href)) as Partial<CasesModule<AnyStateMachine>>;
      if (!Array.isArray(loaded.cases)) throw new Error(`${casesRel} does not export \`cases\` (an array of events)`);
      mod = { cases: loaded.cases, inputs: loaded.inputs, serialize: loaded.serialize };
    } else {
      mod = { cases: bareCases(machine) as CaseEvent<AnyStateMachine>[] };
      notes.push(`No \`${basename(casesPath)}\`: only bare event types were tried (no payloads, no actor outputs). Add a cases module.`);
    }
    const paths = generatePaths(machine, mod);
    const coverage = transitionCoverage(machine, paths);
    writeFileSync(join(outDir, `${name}.md`), flowReport({ name, machineFile: rel, casesFile: casesRel }, machine, paths, coverage, notes));
    const ok = coverage.missing.length === 0 && casesRel !== null;
    const suffix = casesRel ? '' : ' (no cases module)';
    return { name, ok, line: `${formatCoverage(name, coverage)}${suffix}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(join(outDir, `${name}.md`), `# ${name}\n\nMachine: \`${rel}\`\n\n**Could not be analysed:** ${message}\n`);
    return { name, ok: false, line: `${name}: ERROR ${message}` };
  }
}

/** Unique report names: the file's base name, or its folder path when two files share one. */
export function reportNames(files: readonly string[], dir: string): Map<string, string> {
  const base = (f: string) => basename(f, '.machine.ts');
  const counts = new Map<string, number>();
  for (const f of files) counts.set(base(f), (counts.get(base(f)) ?? 0) + 1);
  return new Map(
    files.map((f) => [f, counts.get(base(f)) === 1 ? base(f) : relative(dir, f).replace(/\.machine\.ts$/, '').replace(/[\\/]/g, '-')]),
  );
}

async function main(argv: string[]): Promise<number> {
  const only = new Set(argv);
  const files = findMachineFiles(machinesDir);
  const names = reportNames(files, machinesDir);
  mkdirSync(outDir, { recursive: true });
  const results: Result[] = [];
  for (const file of files) {
    const name = names.get(file)!;
    if (only.size && !only.has(name)) continue;
    const result = await processMachine(file, name);
    console.log(result.line);
    results.push(result);
  }
  if (!only.size) {
    const index = [
      '# Flows',
      '',
      'Generated by `npm run flows` from `machines/**/*.machine.ts` and their `*.cases.ts`; do not edit.',
      '',
      '| Machine | Coverage |',
      '|---|---|',
      ...results.map((r) => `| [${r.name}](./${r.name}.md) | ${r.line.replace(/\n/g, ' ').replace(/^[^:]+: /, '').replace(/\|/g, '\\|')} |`),
      '',
    ].join('\n');
    writeFileSync(join(outDir, 'index.md'), index);
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length) console.error(`\n${failed.length} machine(s) not fully covered: ${failed.map((r) => r.name).join(', ')}`);
  console.log(`\nWrote ${relative(root, outDir)}/ (${results.length} machine${results.length === 1 ? '' : 's'})`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
