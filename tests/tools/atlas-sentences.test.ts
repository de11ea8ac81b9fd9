/**
 * What people read in the flow atlas: every event and guard of every machine's chart has a plain
 * sentence in its machine (`<name>Sentences`); an edge reads as its event's sentence and its
 * guard's, negated and combined as the chart says; built-in events read generically; no text is
 * drawn below 11 px; the build time carries its zone.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { edgeSentence, parseGuard } from '../../atlas/build/sentences';
import { LAYOUT_FONT, MIN_SCALE, wrapLabel } from '../../atlas/font';
import { pickMachine, pickSentences } from '../../atlas/pick';
import { builtAt } from '../../atlas/app/time';
import { machineSentences } from '../../machines/shared/sentences';
import { findMachineFiles, reportNames } from '../../scripts/flows';
import { machineEdges } from '../../model-testing/edges';

const root = join(import.meta.dirname, '../..');
const files = findMachineFiles(join(root, 'machines'));
const names = reportNames(files, join(root, 'machines'));

const sample = machineSentences<{ type: 'phone.changed' } | { type: 'login.submitted' }>({
  events: { 'phone.changed': 'The borrower types the phone', 'login.submitted': 'The borrower taps Log in' },
  guards: { loginAllowed: 'The phone and code are complete and the agreement is ticked', sent: 'A code was sent' },
});

describe('the plain sentences of the charts', () => {
  it('every event and guard of every machine has one', async () => {
    const missing: string[] = [];
    for (const file of files) {
      const name = names.get(file)!;
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const machine = pickMachine(mod, name);
      const sentences = pickSentences(mod, name);
      if (!sentences) {
        missing.push(`${name}: exports no sentences (machineSentences, machines/shared/sentences.ts)`);
        continue;
      }
      const gaps = new Set<string>();
      for (const e of machineEdges(machine)) for (const m of edgeSentence({ event: e.event, guard: e.guard, description: e.description ?? null }, sentences).missing) gaps.add(m);
      // A sentence for a guard the chart never uses is a stale one.
      const used = new Set(Object.keys(machine.implementations.guards));
      for (const g of Object.keys(sentences.guards)) if (!used.has(g)) gaps.add(`a sentence for guard ${g}, which setup does not declare`);
      for (const g of used) if (!(g in sentences.guards)) gaps.add(`guard ${g}`);
      if (gaps.size) missing.push(`${name}: ${[...gaps].join('; ')}`);
    }
    expect(missing).toEqual([]);
  }, 60_000);

  it('reads an edge as its event, then its guard: negated, combined, or by its transition when inline', () => {
    expect(edgeSentence({ event: 'phone.changed', guard: null, description: null }, sample).sentence).toBe('The borrower types the phone');
    expect(edgeSentence({ event: 'login.submitted', guard: '!loginAllowed', description: null }, sample).sentence).toBe(
      'The borrower taps Log in — if: not: The phone and code are complete and the agreement is ticked',
    );
    expect(edgeSentence({ event: 'login.submitted', guard: '(loginAllowed && sent)', description: null }, sample).sentence).toBe(
      'The borrower taps Log in — if: The phone and code are complete and the agreement is ticked, and a code was sent',
    );
    expect(edgeSentence({ event: 'login.submitted', guard: '(sent || in("#login.form.editing"))', description: null }, sample).sentence).toBe(
      'The borrower taps Log in — if: A code was sent, or while in form.editing',
    );
    expect(edgeSentence({ event: 'login.submitted', guard: 'guard()', description: 'The lender still shows it applied.' }, sample).sentence).toBe(
      'The borrower taps Log in — if: The lender still shows it applied.',
    );
    expect(parseGuard('(a && !(b || c))')).toEqual({
      kind: 'and',
      of: [
        { kind: 'name', name: 'a' },
        { kind: 'not', of: { kind: 'or', of: [{ kind: 'name', name: 'b' }, { kind: 'name', name: 'c' }] } },
      ],
    });
  });

  it('names what has no sentence: an event, a guard, an inline guard without a description', () => {
    expect(edgeSentence({ event: 'code.changed', guard: '!unknown', description: null }, sample).missing).toEqual(['event code.changed', 'guard unknown']);
    expect(edgeSentence({ event: 'phone.changed', guard: 'inline guard', description: null }, sample).missing).toEqual(['inline guard (give its transition a description)']);
    expect(edgeSentence({ event: 'phone.changed', guard: null, description: null }, null).missing).toEqual(['event phone.changed']);
  });

  it('reads built-in events generically, or by the transition’s own description', () => {
    const delays = { resendCooldown: '60 s' };
    const said = (event: string, guard: string | null = null, description: string | null = null) => edgeSentence({ event, guard, description }, sample, delays).sentence;
    expect(said('always')).toBe('Right away');
    expect(said('always', '!sent')).toBe('Right away — if: not: A code was sent');
    expect(said('after resendCooldown')).toBe('After 60 s');
    expect(said('sendCode done')).toBe('When sendCode answers');
    expect(said('sendCode error')).toBe('When sendCode fails');
    expect(said('application.starting done')).toBe('When every part of starting is done');
    expect(said('sendCode done', 'sent', 'Sent: the countdown starts.')).toBe('Sent: the countdown starts.');
  });
});

describe('the atlas keeps its text readable', () => {
  it('never scales the diagram below the size that draws its smallest text at 11 px', () => {
    expect(MIN_SCALE * Math.min(LAYOUT_FONT.lineSize, LAYOUT_FONT.label, LAYOUT_FONT.name)).toBeGreaterThanOrEqual(11);
  });

  it('wraps a sentence in lines of at most its width, word by word', () => {
    const lines = wrapLabel('The borrower taps Log in — if: The phone and code are complete and the agreement is ticked');
    expect(lines.join(' ')).toBe('The borrower taps Log in — if: The phone and code are complete and the agreement is ticked');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(LAYOUT_FONT.labelWrap);
  });

  it('prints its build time with its zone', () => {
    expect(builtAt('2026-11-27T10:10:00Z', 'Asia/Kolkata')).toBe('27 Nov 2026, 15:40 IST');
    expect(builtAt('2026-11-27T10:10:00Z', 'UTC')).toBe('27 Nov 2026, 10:10 UTC');
    expect(builtAt('2026-11-27T10:10:00Z', 'Europe/Berlin')).toMatch(/, 11:10 GMT\+1$/);
  });
});
