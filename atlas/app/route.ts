/**
 * The atlas's address (in the hash, so the page opens from disk and every view is a shareable link):
 * - `#/` the index;
 * - `#/rules` the rules map: each rule, its source, the states that enforce it and the proof;
 * - `#/m/<name>?input=<name>&steps=3.0.7&state=<state id>&path=<n>&tab=<tab>`: a machine, started
 *   with that input and stepped with those case indices; the state clicked, the path played.
 */
export type Tab = 'step' | 'paths' | 'state' | 'source' | 'mermaid';
const TABS: readonly Tab[] = ['step', 'paths', 'state', 'source', 'mermaid'];

export type AtlasRoute =
  | { page: 'index' }
  | { page: 'rules' }
  | { page: 'machine'; name: string; input: string | null; steps: number[]; state: string | null; path: number | null; tab: Tab };

export const RULES_HASH = '#/rules';

export function parseHash(hash: string): AtlasRoute {
  if (hash === RULES_HASH) return { page: 'rules' };
  const m = /^#\/m\/([^?]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return { page: 'index' };
  const q = new URLSearchParams(m[2] ?? '');
  const steps = (q.get('steps') ?? '')
    .split('.')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  const tab = q.get('tab');
  const path = q.get('path');
  return {
    page: 'machine',
    name: decodeURIComponent(m[1]!),
    input: q.get('input'),
    steps,
    state: q.get('state'),
    path: path && /^\d+$/.test(path) ? Number(path) : null,
    tab: TABS.includes(tab as Tab) ? (tab as Tab) : 'step',
  };
}

export function machineHash(r: { name: string; input?: string | null; steps?: readonly number[]; state?: string | null; path?: number | null; tab?: Tab }): string {
  const q = new URLSearchParams();
  if (r.input) q.set('input', r.input);
  if (r.steps?.length) q.set('steps', r.steps.join('.'));
  if (r.state) q.set('state', r.state);
  if (r.path) q.set('path', String(r.path));
  if (r.tab && r.tab !== 'step') q.set('tab', r.tab);
  const query = q.toString();
  return `#/m/${encodeURIComponent(r.name)}${query ? `?${query}` : ''}`;
}
