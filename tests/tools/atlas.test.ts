/**
 * The flow atlas (`npm run flows`, atlas/): it builds for every machine, from the machine itself.
 * - every state is a box inside its parent's box, every transition with a target a drawn and
 *   labelled edge, every invoke named by its call, every delay by its duration;
 * - every state has a description and every leaf a sentence of what the borrower sees;
 * - the page's stepper, replaying QA's paths with the tests' cases, takes every transition: the
 *   atlas and the tests step the same machine the same way, and nothing is drawn red;
 * - every machine has a journey and the screens that render it;
 * - the site is written: the page and one data script per machine;
 * - the Rules page: every rule with its source, the states found from their meta (linked to their
 *   machine's diagram) and the proof's result.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createStepper } from '../../atlas/app/stepper';
import { machineHash, parseHash } from '../../atlas/app/route';
import { JOURNEYS, MACHINE_JOURNEY } from '../../atlas/catalogue';
import { setupDocs } from '../../atlas/build/docs';
import { proveRules } from '../../atlas/build/proof';
import { rulesAtlas } from '../../atlas/build/rules';
import { writeAtlas } from '../../atlas/build/site';
import { RulesPage } from '../../atlas/app/RulesPage';
import { RULES, RULE_IDS } from '../../machines/shared/rules';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AtlasMachine } from '../../atlas/model';
import { analyseMachine, atlasMachines, findMachineFiles, proofMachines, reportNames, type Result } from '../../scripts/flows';

const root = join(import.meta.dirname, '../..');
const files = findMachineFiles(join(root, 'machines'));
const names = reportNames(files, join(root, 'machines'));
let machines: AtlasMachine[] = [];
let problems: string[] = [];
const results: Result[] = [];

beforeAll(async () => {
  for (const file of files) results.push((await analyseMachine(file, names.get(file)!)).result);
  ({ machines, problems } = await atlasMachines(results));
}, 120_000);

describe('the flow atlas', () => {
  it('builds for every machine, with nothing it cannot draw', () => {
    expect(problems).toEqual([]);
    expect(machines.map((m) => m.name).sort()).toEqual([...names.values()].sort());
    expect(Object.keys(MACHINE_JOURNEY).sort()).toEqual([...names.values()].sort());
  });

  it('draws every state as a box inside its parent', () => {
    for (const m of machines) {
      for (const s of m.states) {
        const box = m.layout.nodes[s.id];
        expect(box, `${m.name}: ${s.id}`).toBeDefined();
        if (!box || !s.parent) continue;
        const p = m.layout.nodes[s.parent]!;
        const inside = box.x >= p.x && box.y >= p.y + p.header && box.x + box.width <= p.x + p.width && box.y + box.height <= p.y + p.height;
        expect(inside, `${m.name}: ${s.id} lies inside ${s.parent}`).toBe(true);
        expect(box.width, `${m.name}: ${s.id} is wide enough for its name`).toBeGreaterThanOrEqual(s.key.length * 7);
      }
    }
  });

  it('draws every transition with a target, labelled with its event and guard; targetless ones are lines of their state', () => {
    for (const m of machines) {
      for (const e of m.edges) {
        expect(e.text.startsWith(e.event), `${m.name}: ${e.label}`).toBe(true);
        if (e.guard) expect(e.text, `${m.name}: ${e.label}`).toContain(`[${e.guard}]`);
        if (e.targetless) {
          expect(m.states.find((s) => s.id === e.source)!.lines.some((l) => l.edge === e.label), `${m.name}: ${e.label}`).toBe(true);
        } else {
          const drawn = m.layout.edges[e.label];
          expect(drawn?.points.length ?? 0, `${m.name}: ${e.label}`).toBeGreaterThanOrEqual(2);
          expect(drawn?.label, `${m.name}: ${e.label}`).not.toBeNull();
        }
      }
    }
  });

  it('names every invoked call by the call it makes and every delay by its duration', () => {
    const login = machines.find((m) => m.name === 'login')!;
    expect(login.actors).toMatchObject({ sendCode: expect.stringMatching(/^GET \/sms\/v1\/sendCode/), login: expect.stringMatching(/^POST \/user\/v1\/login/) });
    // In the box: the method and path; the whole call in the state's details.
    expect(login.states.find((s) => s.id === 'login.form.codeRequest.sending')!.lines.map((l) => l.text)).toContain('⇢ sendCode: GET /sms/v1/sendCode');
    expect(login.states.find((s) => s.id === 'login.form.submission.loggingIn')!.lines.map((l) => l.text)).toContain('⇢ login: POST /user/v1/login');
    expect(login.edges.find((e) => e.event === 'after resendCooldown')!.text).toBe('after resendCooldown (what is left of 60 s)');
    for (const m of machines) {
      for (const s of m.states) for (const inv of s.invokes) expect(inv.call.length, `${m.name}: ${inv.src}`).toBeGreaterThan(3);
      for (const e of m.edges.filter((x) => x.event.startsWith('after '))) expect(e.text, `${m.name}: ${e.label}`).toMatch(/^after \S+ \(.+\)/);
    }
  });

  it('has a description for every state and, for every leaf, what the borrower sees', () => {
    for (const m of machines) {
      expect(m.description, m.name).not.toBe('');
      for (const s of m.states.slice(1)) {
        expect(s.description, `${m.name}: ${s.id} has a description`).toBeTruthy();
        if (s.kind === 'atomic' || s.kind === 'final') expect(s.sees, `${m.name}: ${s.id} says what the borrower sees`).toBeTruthy();
      }
    }
  });

  it("steps the machine as the tests do: QA's paths replayed by the page's stepper take every transition", () => {
    for (const r of results) {
      const m = machines.find((x) => x.name === r.name)!;
      const { machine, cases } = r.atlas!;
      const inputs = (cases.inputs ?? { default: undefined }) as Record<string, unknown>;
      const stepper = createStepper(machine, cases.cases as readonly EventObject[], m.edges.map((e) => e.label));
      const taken = new Set<string>();
      for (const p of m.paths) {
        const { steps, stoppedAt } = stepper.replay(inputs[p.input], p.steps);
        expect(stoppedAt, `${m.name}: path #${p.id}`).toBeNull();
        steps.forEach((s) => s.edges.forEach((e) => taken.add(e)));
        // Each step's buttons are the cases its snapshot accepts: the path's next case is one of them.
        steps.slice(0, -1).forEach((s, i) => expect(stepper.enabled(s.snapshot), `${m.name}: path #${p.id} step ${i + 1}`).toContain(p.steps[i]));
      }
      expect(m.edges.filter((e) => !taken.has(e.label)).map((e) => e.label), m.name).toEqual([]);
      expect(m.edges.filter((e) => e.covered === 0).map((e) => e.label), `${m.name}: drawn red`).toEqual([]);
    }
  });

  it('stops a replayed link at the first step that is not possible', () => {
    const r = results.find((x) => x.name === 'login')!;
    const stepper = createStepper(r.atlas!.machine, r.atlas!.cases.cases as readonly EventObject[]);
    const start = stepper.start(r.atlas!.cases.inputs?.firstVisit);
    const impossible = r.atlas!.cases.cases.findIndex((c) => !(start.snapshot as AnyMachineSnapshot).can(c as EventObject));
    expect(impossible).toBeGreaterThanOrEqual(0);
    const { steps, stoppedAt } = stepper.replay(r.atlas!.cases.inputs?.firstVisit, [impossible]);
    expect(stoppedAt).toBe(0);
    expect(steps).toHaveLength(1);
  });

  it('gives every machine a journey, and the screens that render it', () => {
    const screens = Object.fromEntries(machines.map((m) => [m.name, m.screens.map((s) => s.path)]));
    expect(screens.login).toEqual(['/login']);
    expect(screens.application).toEqual(['/product/:pid/detail']);
    expect(screens.kyc).toEqual(['/auth/kyc', '/auth/identity']);
    expect(screens.feedback).toEqual(['/', '/personal']);
    // A type-only import renders nothing: the contacts step does not render the auth-form machine.
    expect(screens['auth-form']).toEqual(['/auth/basic', '/auth/work']);
    for (const m of machines) expect(m.screens.length, `${m.name} is rendered somewhere`).toBeGreaterThan(0);
    for (const j of JOURNEYS) expect(machines.some((m) => m.journey === j.id), `journey ${j.id} has a machine`).toBe(true);
  });

  it('writes the page and one data script per machine, readable without a server', async () => {
    const out = mkdtempSync(join(tmpdir(), 'atlas-'));
    await writeAtlas({ root, outDir: out, machines, bundle: false });
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    expect(page).toContain('<script src="atlas/atlas.js" defer></script>');
    expect(page).not.toMatch(/type="module"|https?:\/\//);
    for (const m of machines) {
      const data = readFileSync(join(out, 'atlas/data', `${m.name}.js`), 'utf8');
      expect(data.startsWith(`(window.__atlasData=window.__atlasData||{})["${m.name}"]=`), m.name).toBe(true);
      expect(existsSync(join(out, `${m.name}.mmd`)), m.name).toBe(true);
      expect(existsSync(join(out, 'source', `${m.sourceFile}.txt`)), m.name).toBe(true);
    }
    expect(readFileSync(join(out, 'atlas/data/index.js'), 'utf8')).toMatch(/^window\.__atlasIndex=\{/);
  });
});

describe("the atlas's Rules page", () => {
  it('lists every rule with its source, the states that enforce it linked to their diagram, and the proof', async () => {
    const analysed = proofMachines(results);
    const rules = rulesAtlas(analysed, proveRules(analysed));
    const html = renderToStaticMarkup(createElement(RulesPage, { rules }));
    for (const id of RULE_IDS) {
      expect(html, id).toContain(`data-rule="${id}"`);
      expect(html, id).toContain(RULES[id].name.replace(/&/g, '&amp;'));
    }
    expect(html).toContain('Fair Lending Practice – Penal Charges in Loan Accounts');
    expect(html).toContain(`href="${machineHash({ name: 'application', state: 'application.confirming.submission.editing', tab: 'state' }).replace(/&/g, '&amp;')}"`);
    expect(html).toMatch(rules.ok ? /The proof holds/ : /The proof fails: \d+ checks? below/);
    expect(parseHash('#/rules')).toEqual({ page: 'rules' });

    const out = mkdtempSync(join(tmpdir(), 'atlas-'));
    await writeAtlas({ root, outDir: out, machines, rules, bundle: false });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<script src="atlas/data/rules.js"></script>');
    expect(readFileSync(join(out, 'atlas/data/rules.js'), 'utf8')).toMatch(/^window\.__atlasRules=\{/);
  });
});

describe('the atlas address', () => {
  it('round-trips a machine in a state', () => {
    const hash = machineHash({ name: 'kyc', input: 'reload', steps: [3, 0, 12], state: 'kyc.ready.form', path: 4, tab: 'paths' });
    expect(parseHash(hash)).toEqual({ page: 'machine', name: 'kyc', input: 'reload', steps: [3, 0, 12], state: 'kyc.ready.form', path: 4, tab: 'paths' });
    expect(parseHash('#/')).toEqual({ page: 'index' });
    expect(parseHash('#/m/login?steps=1.x.2&tab=evil')).toMatchObject({ steps: [1, 2], tab: 'step' });
  });
});

describe('setup JSDoc', () => {
  it('reads actor calls and delay durations from the source', () => {
    const source = [
      'export const m = setup({',
      '  actors: {',
      '    /** GET /a. More. */',
      '    a: x,',
      '  },',
      '  delays: {',
      '    /**',
      '     * What is left.',
      '     * @duration 5 s',
      '     */',
      '    d: () => 1,',
      '  },',
      '}).createMachine({});',
    ].join('\n');
    const docs = setupDocs('x.ts', source);
    expect(docs.actors.a?.text).toBe('GET /a. More.');
    expect(docs.delays.d).toEqual({ text: 'What is left.', tags: { duration: '5 s' } });
  });
});
