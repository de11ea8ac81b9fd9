/**
 * The flow atlas's machine page, rendered from the login machine's atlas data: an uncovered
 * transition is drawn red and listed in red under QA paths (there are none in the real machines,
 * so this test makes one); a case button steps the real machine and highlights the state reached.
 */
import { join } from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MachinePage } from '../../atlas/app/MachinePage';
import { parseHash } from '../../atlas/app/route';
import type { AtlasMachine } from '../../atlas/model';
import { analyseMachine, atlasMachines } from '../../scripts/flows';

let login: AtlasMachine;

beforeAll(async () => {
  const { result } = await analyseMachine(join(import.meta.dirname, '../../machines/login/login.machine.ts'), 'login');
  const { machines, problems } = await atlasMachines([result]);
  expect(problems.filter((p) => !p.includes('which is no machine'))).toEqual([]);
  login = machines[0]!;
}, 60_000);

function renderAt(data: AtlasMachine, hash: string) {
  const route = parseHash(hash);
  if (route.page !== 'machine') throw new Error('not a machine route');
  const go = (next: string) => {
    const r = parseHash(next);
    if (r.page === 'machine') view.rerender(<MachinePage data={data} route={r} go={go} />);
  };
  const view = render(<MachinePage data={data} route={route} go={go} />);
  return view;
}

describe('the atlas machine page', () => {
  it('draws an uncovered transition red and lists it under QA paths', () => {
    const edge = login.edges.find((e) => e.event === 'login.submitted')!;
    const data: AtlasMachine = { ...login, edges: login.edges.map((e) => (e === edge ? { ...e, covered: 0 } : e)) };
    const { container } = renderAt(data, '#/m/login?tab=paths');
    const drawn = [...container.querySelectorAll('g.ed')].find((g) => g.getAttribute('data-edge') === edge.label);
    expect(drawn?.getAttribute('class')).toContain('uncovered');
    expect(screen.getByText('Uncovered transitions (red in the diagram):')).toBeTruthy();
    expect(screen.getByText(edge.label)).toBeTruthy();
  });

  it('steps the real machine with a case button and highlights the state reached', async () => {
    const { container } = renderAt(login, '#/m/login?input=firstVisit');
    const active = () => [...container.querySelectorAll('g.st[data-active="true"]')].map((g) => g.getAttribute('data-state'));
    expect(active()).toContain('login.form.codeRequest.idle');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^agreement\.toggled/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^phone\.changed.*9876543210/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^code\.requested/ })));
    expect(active()).toContain('login.form.codeRequest.sending');
    expect(screen.getByTestId('current-state').textContent).toBe('sending + editing.incomplete');
    // The call is answered: done with its sample answer, then the timer fires.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^sendCode done/ })));
    expect(active()).toContain('login.form.codeRequest.cooldown');
    const timers = screen.getByRole('region', { name: 'Fire a timer' });
    await act(async () => fireEvent.click(within(timers).getByRole('button', { name: 'after resendCooldown (what is left of 60 s)' })));
    expect(active()).toContain('login.form.codeRequest.idle');
  });
});
