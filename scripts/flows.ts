/**
 * `npm run flows [-- <name> ...]`: for every machine under machines/, flows/<name>.md (a Mermaid
 * diagram and the generated test paths) and flows/index.md, each machine's transition coverage, and
 * the flow atlas (flows/index.html). Exits non-zero on an uncovered transition, a machine that cannot
 * be loaded, or one the atlas cannot draw. What a machine must give it: docs/flow-atlas.md and the
 * cases convention in machines/shared/cases.ts.
 */
import { mkdirSync, readdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, EventObject } from 'xstate';
import { isMachine, pickMachine } from '../atlas/pick';
import { getStateNodes } from 'xstate/graph';
import { MACHINE_JOURNEY, SHELL_SCREENS } from '../atlas/catalogue';
import { setupDocs } from '../atlas/build/docs';
import { extractMachine, type MachineSource } from '../atlas/build/extract';
import { screensByMachine } from '../atlas/build/screens';
import { checkSees, loadSees } from '../atlas/build/sees';
import { callHolds, proveRules, type ProofMachine, type RulesProof } from '../atlas/build/proof';
import { rulesAtlas } from '../atlas/build/rules';
import { writeAtlas } from '../atlas/build/site';
import type { AtlasMachine } from '../atlas/model';
import { appText } from '../i18n/en/app';
import { routes } from '../src/app/routes';
import { flowReport, toMermaid } from '../model-testing/flow-report';
import type { CaseEvent, CasesModule } from '../machines/shared/cases';
import { formatCoverage, transitionCoverage } from '../model-testing/coverage';
import { generatePaths } from '../model-testing/paths';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(root, 'machines');
const outDir = join(root, 'flows');

export { isMachine, pickMachine };

/** machines/**\/*.machine.ts, sorted. */
export function findMachineFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => join(dir, f))
    .sort();
}

/** Without a cases module: every event type some state names, without payload. */
function bareCases(machine: AnyStateMachine): EventObject[] {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) for (const t of node.ownEvents) if (!t.includes('*')) types.add(t);
  return [...types].map((type) => ({ type }));
}

export interface Result {
  name: string;
  ok: boolean;
  line: string;
  /** What the atlas needs, when the machine could be analysed. */
  atlas?: Omit<MachineSource, 'journey' | 'screens' | 'sees'>;
}

/** Analyses one machine and writes its report, flows/<name>.md. */
async function processMachine(file: string, name: string): Promise<Result> {
  const { result, report } = await analyseMachine(file, name);
  writeFileSync(join(outDir, `${name}.md`), report);
  return result;
}

/** One machine's paths, coverage and report text, and what the atlas needs; writes nothing. */
export async function analyseMachine(file: string, name: string): Promise<{ result: Result; report: string }> {
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
    const report = flowReport({ name, machineFile: rel, casesFile: casesRel }, machine, paths, coverage, notes);
    const ok = coverage.missing.length === 0 && casesRel !== null;
    const suffix = casesRel ? '' : ' (no cases module)';
    const source = readFileSync(file, 'utf8');
    const atlas = casesRel
      ? { name, machine, sourceFile: rel, casesFile: casesRel, cases: mod, paths, coverage, docs: setupDocs(rel, source), source, mermaid: toMermaid(machine) }
      : undefined;
    return { result: { name, ok, line: `${formatCoverage(name, coverage)}${suffix}`, atlas }, report };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: { name, ok: false, line: `${name}: ERROR ${message}` }, report: `# ${name}\n\nMachine: \`${rel}\`\n\n**Could not be analysed:** ${message}\n` };
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
  const atlasOk = only.size ? true : await buildAtlas(results);
  return failed.length || !atlasOk ? 1 : 0;
}

/** The atlas's data for every analysed machine; problems are printed and fail the run. */
export async function atlasMachines(results: readonly Pick<Result, 'name' | 'atlas'>[]): Promise<{ machines: AtlasMachine[]; problems: string[] }> {
  // Route titles are keys of the app's catalogue: the atlas names screens in English.
  const screens = screensByMachine(root, routes.map((r) => ({ path: r.path, title: appText.en[r.title] })));
  const machines: AtlasMachine[] = [];
  const problems: string[] = [];
  for (const r of results) {
    if (!r.atlas) {
      problems.push(`${r.name}: not analysed (see above)`);
      continue;
    }
    const journey = MACHINE_JOURNEY[r.name];
    if (!journey) problems.push(`${r.name}: no journey in atlas/catalogue.ts MACHINE_JOURNEY`);
    const loaded = await loadSees(join(root, 'src'), r.name);
    if (!loaded) problems.push(`${r.name}: no src/**/${r.name}.sees.ts (what the borrower sees in each leaf state)`);
    else problems.push(...checkSees(r.atlas.machine, loaded.sees).map((p) => `${r.name}: ${relative(root, loaded.file)}: ${p}`));
    try {
      machines.push(
        await extractMachine({
          ...r.atlas,
          journey: journey ?? 'shared',
          screens: [...(screens.get(r.atlas.sourceFile) ?? []), ...(SHELL_SCREENS[r.name] ?? [])],
          sees: loaded?.sees ?? {},
        }),
      );
    } catch (error) {
      problems.push(`${r.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const name of Object.keys(MACHINE_JOURNEY)) if (!results.some((r) => r.name === name)) problems.push(`atlas/catalogue.ts names '${name}', which is no machine`);
  return { machines, problems };
}

/** What the rules proof reads of each analysed machine. */
export const proofMachines = (results: readonly Pick<Result, 'name' | 'atlas'>[]): ProofMachine[] =>
  results.flatMap((r) => (r.atlas ? [{ name: r.name, machine: r.atlas.machine, sourceFile: r.atlas.sourceFile, source: r.atlas.source, paths: r.atlas.paths }] : []));

/**
 * The rules proof's result, one line per check. It is shown on the atlas's Rules page and failed by
 * tests/tools/rules-proof.test.ts; it does not fail this run, which every `npm start` takes.
 */
function printProof(proof: RulesProof): void {
  console.log(`\nRules proof: ${proof.ok ? 'holds' : 'FAILS'}`);
  for (const c of proof.calls) console.log(`  ${callHolds(c) ? 'ok  ' : 'FAIL'} ${c.call} (${c.what}) after ${c.requires}: ${c.paths} paths send it, ${c.gaps.length} sends skip the rule`);
  console.log(`  ${proof.reminders.gaps.length ? 'FAIL' : 'ok  '} the penal charge in ${proof.reminders.checked} reminder texts${proof.reminders.gaps.length ? `: ${proof.reminders.gaps.join('; ')}` : ''}`);
}

async function buildAtlas(results: readonly Result[]): Promise<boolean> {
  const { machines, problems } = await atlasMachines(results);
  for (const p of problems) console.error(`atlas: ${p}`);
  const analysed = proofMachines(results);
  const proof = proveRules(analysed);
  printProof(proof);
  const weights = await writeAtlas({ root, outDir, machines, rules: rulesAtlas(analysed, proof) });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const withPage = (file: string) => !file.startsWith('atlas/data/') || file === 'atlas/data/index.js' || file === 'atlas/data/rules.js';
  const page = weights.filter((w) => withPage(w.file));
  const data = weights.filter((w) => !withPage(w.file));
  const sum = (ws: typeof weights) => ws.reduce((a, w) => a + w.gzip, 0);
  console.log(`\nWrote the flow atlas: ${relative(root, join(outDir, 'index.html'))} (${machines.length} machines; served by the sandbox at /flows)`);
  console.log(`  page: ${page.map((w) => `${w.file} ${kb(w.gzip)}`).join(', ')} = ${kb(sum(page))} gzipped`);
  const largest = [...data].sort((a, b) => b.gzip - a.gzip)[0];
  if (largest) console.log(`  machine data: ${kb(sum(data))} gzipped in all; the largest ${largest.file} ${kb(largest.gzip)}`);
  return problems.length === 0;
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
