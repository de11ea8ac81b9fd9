/**
 * The plain sentence the atlas draws on an edge: the event's sentence from its machine
 * (`<name>Sentences`), then the guard's, read from the edge's guard label ('!a', '(a && b)',
 * 'in("#id")'). Built-in events read generically unless the transition has its own description.
 */
import type { MachineSentences } from '../../machines/shared/sentences';

export interface EdgeWords {
  event: string;
  guard: string | null;
  description: string | null;
}

export interface EdgeSentence {
  sentence: string;
  /** What has no sentence: 'event phone.changed', 'guard loginAllowed', 'inline guard'. */
  missing: string[];
}

/** 'kyc.ready.form.editing' → 'form.editing', as the diagram names the state's box. */
const stateName = (id: string) => id.replace(/^#?[^.]+\./, '');

/** A guard label as the edges name it ('!a', '(a && b)', 'in("#id")'), read back into a tree. */
type GuardTree = { kind: 'name'; name: string } | { kind: 'not'; of: GuardTree } | { kind: 'and' | 'or'; of: GuardTree[] } | { kind: 'in'; state: string } | { kind: 'inline' };

export function parseGuard(label: string): GuardTree {
  let i = 0;
  const skip = () => {
    while (label[i] === ' ') i++;
  };
  const one = (): GuardTree => {
    skip();
    if (label[i] === '!') {
      i++;
      return { kind: 'not', of: one() };
    }
    if (label[i] === '(') {
      i++;
      const parts = [one()];
      let op: 'and' | 'or' = 'and';
      for (skip(); label[i] !== ')' && i < label.length; skip()) {
        op = label.startsWith('&&', i) ? 'and' : 'or';
        i += 2;
        parts.push(one());
      }
      i++;
      return { kind: op, of: parts };
    }
    if (label.startsWith('in(', i)) {
      const end = label.indexOf(')', i);
      const state = JSON.parse(label.slice(i + 3, end)) as unknown;
      i = end + 1;
      return { kind: 'in', state: String(state) };
    }
    if (label.startsWith('inline guard', i)) {
      i += 'inline guard'.length;
      return { kind: 'inline' };
    }
    const m = /^[\w$]+(\(\))?/.exec(label.slice(i))!;
    i += m[0].length;
    return m[1] ? { kind: 'inline' } : { kind: 'name', name: m[0] };
  };
  return one();
}

function guardSentence(tree: GuardTree, sentences: MachineSentences | null, description: string | null, missing: string[]): string {
  switch (tree.kind) {
    case 'name': {
      const said = sentences?.guards[tree.name];
      if (said === undefined) missing.push(`guard ${tree.name}`);
      return said ?? tree.name;
    }
    case 'not':
      return `not: ${guardSentence(tree.of, sentences, description, missing)}`;
    case 'and':
    case 'or':
      return tree.of
        .map((g) => guardSentence(g, sentences, description, missing))
        // 'and the lender…', but never 'aadhaar' or 'oTP': only a leading article or determiner is lowered.
        .map((said, i) => (i && /^(A|An|The|No|Every|This|These|Something|Any)\b/.test(said) ? said[0]!.toLowerCase() + said.slice(1) : said))
        .join(tree.kind === 'and' ? ', and ' : ', or ');
    case 'in':
      return `while in ${stateName(tree.state)}`;
    case 'inline':
      // An inline guard has no name to look up: its transition's description says what holds.
      if (description === null) missing.push('inline guard (give its transition a description)');
      return description ?? 'a condition of the chart';
  }
}

/**
 * The edge's sentence. A user event: its sentence, then ' — if: ' and the guard's. A built-in
 * event: its transition's description when it has one, else 'Right away', 'After 60 s',
 * 'When precheck answers', 'When precheck fails', 'When starting is done'.
 */
export function edgeSentence(edge: EdgeWords, sentences: MachineSentences | null, delays: Readonly<Record<string, string>> = {}): EdgeSentence {
  const missing: string[] = [];
  const builtIn = builtInSentence(edge.event, delays);
  let event: string;
  if (builtIn !== null) event = edge.description ?? builtIn;
  else {
    const said = sentences?.events[edge.event];
    if (said === undefined) missing.push(`event ${edge.event}`);
    event = said ?? edge.event;
  }
  if (edge.guard === null) return { sentence: event, missing };
  // A built-in event told by its description already says when it is taken.
  if (builtIn !== null && edge.description !== null) return { sentence: event, missing };
  const guard = guardSentence(parseGuard(edge.guard), sentences, edge.description, missing);
  return { sentence: `${event} — if: ${guard}`, missing };
}

function builtInSentence(event: string, delays: Readonly<Record<string, string>>): string | null {
  if (event === 'always') return 'Right away';
  let m = /^after (\S+)/.exec(event);
  if (m) return `After ${delays[m[1]!] ?? m[1]}`;
  m = /^(\S+) done$/.exec(event);
  // A state's id has dots ('application.starting'); an invoked actor's has none.
  if (m) return m[1]!.includes('.') ? `When every part of ${stateName(m[1]!)} is done` : `When ${m[1]} answers`;
  m = /^(\S+) error$/.exec(event);
  if (m) return `When ${m[1]} fails`;
  return null;
}
