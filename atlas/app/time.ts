/**
 * When the atlas was built, as the page prints it: '27 Nov 2026, 15:40 IST'. The zone is always
 * written, since QA compare it with a clock that may be in another one (a CI server in UTC).
 */
export function builtAt(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}
