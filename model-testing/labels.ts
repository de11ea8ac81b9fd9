/** Readable names for guards, events, states and paths: test titles, coverage reports, the flow files. */
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';

/** A readable name for a transition's guard: 'canLogin', '!canLogin', 'a && b', 'in(#x)'. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    const inner = (g.guards ?? []).map((x) => guardLabel(x) ?? '?');
    if (g.name === 'not') return `!${inner[0] ?? '?'}`;
    if (g.name === 'and') return `(${inner.join(' && ')})`;
    if (g.name === 'or') return `(${inner.join(' || ')})`;
    if (g.name === 'stateIn') return `in(${JSON.stringify(g.stateValue)})`;
    return g.name ? `${g.name}()` : 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return '?';
}

/** A readable event name: 'code.requested', 'sendCode done', 'sendCode error', 'after resendCooldown', 'always'. */
export function eventName(eventType: string): string {
  if (eventType === '') return 'always';
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} done`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} error`;
  m = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (m) return `after ${m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} done`;
  return eventType;
}

/**
 * A short name for the active state: 'signedIn', 'form.editing'; for parallel states the leaves in
 * document order, each below its region, joined by ' + ': 'idle + editing.incomplete'.
 */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const leaves: string[][] = snapshot._nodes
    .filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final')
    .sort((a: AnyStateNode, b: AnyStateNode) => a.order - b.order)
    .map((n: AnyStateNode) => n.path);
  if (leaves.length === 0) return '(none)';
  if (leaves.length === 1) return leaves[0]!.join('.');
  let common = 0;
  while (leaves.every((l) => l[common] !== undefined && l[common] === leaves[0]![common])) common++;
  // Below the common (parallel) ancestor, each leaf's first segment is its region: drop it.
  return leaves.map((l) => l.slice(Math.min(common + 1, l.length - 1)).join('.')).join(' + ');
}

function shortValue(v: unknown): string {
  if (v instanceof Error) return JSON.stringify(v.message);
  const s = JSON.stringify(v);
  if (s === undefined) return String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/** 'phone.changed "9876543210"', 'sendCode done', 'sendCode error "SMS limit"', 'after resendCooldown'. */
export function eventLabel(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const name = eventName(type);
  if (type.startsWith('xstate.done.actor.')) return rest.output === undefined ? name : `${name} ${shortValue(rest.output)}`;
  if (type.startsWith('xstate.error.actor.')) return `${name} ${shortValue(rest.error)}`;
  const payload = Object.values(rest).map(shortValue).join(' ');
  return payload ? `${name} ${payload}` : name;
}

/** 'idle —phone.changed "98…"→ idle —code.requested→ sending' */
export function describeSteps(steps: readonly { event: EventObject; state: unknown }[]): string {
  return steps
    .map((s, i) => (i === 0 ? stateLabel(s.state as AnyMachineSnapshot) : ` —${eventLabel(s.event)}→ ${stateLabel(s.state as AnyMachineSnapshot)}`))
    .join('');
}
