/**
 * The complaints machine's generated paths replayed against Help's complaints section, in StrictMode
 * and normal mode: after every step what the borrower sees matches the state (the grievance officer
 * and the RBI route always; the form or 'Raise a complaint'; each ticket with its replies as text and,
 * 30 days without a resolution, the RBI route), and the screen made exactly the requests the path
 * calls for. Then: Hindi, a backend without the calls, and a draft that survives a reload.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Offered } from '../../contract/beyond-spec';
import type { Complaint } from '../../contract/complaints';
import type { ClientConfig } from '../../contract/content';
import { complaintsText } from '../../i18n/en/complaints';
import { complaints as hindi } from '../../i18n/hi/complaints';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import * as complaintCases from '../../machines/complaints/complaints.cases';
import { ESCALATED, HINDI, LOADED, RAISED, TYPED } from '../../machines/complaints/complaints.cases';
import { complaintsMachine, type ComplaintDraft, type ComplaintsLoaded, type RaiseInput } from '../../machines/complaints/complaints.machine';
import { complaintsEffects } from '../../src/flows/complaints/complaints.effects';
import { ComplaintsFlow } from '../../src/flows/complaints/ComplaintsFlow';
import type { DraftStore } from '../../src/lib/draft';
import { textFor } from '../../src/ui/text';
import { fakeCalls, type Deferred } from '../support/fakes';
import { switchLanguage } from '../support/language';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const d = complaintsText.en;
const english = textFor(complaintsText, 'en');
const paths = generatePaths(complaintsMachine, complaintCases);
/** The officer's name only: phone and e-mail are 'Not provided by the lender'. */
const CONFIG = { customer: null, lender: null, grievanceOfficer: { name: 'Priya Raman', phone: '', email: '', address: '' }, penalChargePerDay: null, coolingOffDays: null } as ClientConfig;

const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

type Pending = { pending: () => Deferred<never> };
const settle = async (c: ActorDoneCase | ActorErrorCase, calls: Pending) => {
  await waitFor(() => calls.pending());
  await act(async () => ('output' in c ? calls.pending().resolve(c.output as never) : calls.pending().reject(c.error)));
};

const section = () => screen.getByRole('region', { name: d.heading });
const form = () => screen.queryByRole('form', { name: d.raise });
const field = () => within(form()!).getByLabelText(d.label) as HTMLTextAreaElement;

/** Always on Help: the officer (what is missing said so) and the RBI route. */
function expectGrievance() {
  const officer = screen.getByRole('region', { name: d.officer });
  expect(within(officer).getByText('Priya Raman')).toBeTruthy();
  expect(within(officer).getAllByText(d.notProvided)).toHaveLength(2);
  const rbi = screen.getByRole('region', { name: d.rbiHeading });
  expect(within(rbi).getByRole('link', { name: d.rbiLink }).getAttribute('href')).toBe('https://cms.rbi.org.in');
  expect(within(rbi).getByRole('link', { name: d.rbiCall }).getAttribute('href')).toBe('tel:14448');
}

describe.each(mode)('complaints paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const loads = fakeCalls<Offered<ComplaintsLoaded>>();
    const raises = fakeCalls<Offered<Complaint>, RaiseInput>();
    const machine = complaintsMachine.provide({ actors: { loadComplaints: loads.actor, raiseComplaint: raises.actor } });
    await replayPath(path, {
      act: {
        'xstate.init': () => {
          const tree = <ComplaintsFlow machine={machine} draft={path.input?.draft ?? null} config={CONFIG} />;
          render(strict ? <StrictMode>{tree}</StrictMode> : tree);
        },
        'xstate.done.actor.loadComplaints': (e) => settle(e as ActorDoneCase, loads as never),
        'xstate.error.actor.loadComplaints': (e) => settle(e as ActorErrorCase, loads as never),
        'xstate.done.actor.raiseComplaint': (e) => settle(e as ActorDoneCase, raises as never),
        'xstate.error.actor.raiseComplaint': (e) => settle(e as ActorErrorCase, raises as never),
        'complaints.retried': () => void fireEvent.click(within(section()).getByRole('button', { name: 'Try again' })),
        'complaint.started': () => void fireEvent.click(within(section()).getByRole('button', { name: d.raise })),
        'category.changed': (e) => void fireEvent.change(within(form()!).getByLabelText(d.category), { target: { value: e.value } }),
        'order.changed': (e) => void fireEvent.change(within(form()!).getByLabelText(d.order), { target: { value: e.value } }),
        'text.changed': (e) => void fireEvent.change(field(), { target: { value: e.value } }),
        'complaint.cancelled': () => void fireEvent.click(within(form()!).getByRole('button', { name: d.cancel })),
        'complaint.sent': () => void fireEvent.click(within(form()!).getByRole('button', { name: d.send })),
      },
      assert: (s) => {
        expectGrievance();
        if (s.hasTag('busy')) expect(within(section()).getByRole('status').textContent).toContain(d.loading);
        if (s.hasTag('failed')) expect(within(section()).getByRole('alert').textContent).toContain(complaintCases.LOAD_FAILURE.message);
        if (s.hasTag('notOffered')) {
          expect(within(section()).getByText(d.notOffered)).toBeTruthy();
          expect(within(section()).queryByRole('button', { name: d.raise })).toBeNull();
        }
        expect(form() !== null).toBe(s.hasTag('writing'));
        if (s.hasTag('browsing')) expect(within(section()).getByRole('button', { name: d.raise })).toBeTruthy();
        if (s.hasTag('ready')) {
          const cards = within(section()).queryAllByRole('listitem');
          expect(cards).toHaveLength(s.context.complaints.length);
          cards.forEach((card, i) => {
            const t = s.context.complaints[i]!;
            expect(card.textContent).toContain(english('ticket', { ticketNo: t.ticketNo }));
            expect(within(card).queryByText(d.escalate) !== null).toBe(t.escalation);
            for (const r of t.replies) expect(within(card).getByText(r.text)).toBeTruthy();
          });
          const status = section().querySelector('[role="status"].complaints-status')?.textContent;
          expect(status).toBe(s.context.raised ? english('raised', { ticketNo: s.context.raised.ticketNo, date: '9 May 2026' }) : '');
        }
        if (s.hasTag('writing')) {
          expect(field().value).toBe(s.context.text);
          if (s.context.error) expect(within(form()!).getByRole('alert').textContent).toBe(english.said(s.context.error));
          if (s.context.notice === 'noCategory') expect(within(form()!).getByText(d.noCategory)).toBeTruthy();
        }
        if (s.hasTag('sending')) expect(within(form()!).getByRole('button', { name: d.sending }).getAttribute('aria-busy')).toBe('true');
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadComplaints'));
    expect(raises.live().length).toBe(invocations(path.steps, 'raiseComplaint'));
  });
});

describe('complaints in Hindi, without the calls, and over a reload', () => {
  afterEach(() => switchLanguage('en'));

  it('every text in Hindi; the ticket number, the lender’s reply and the borrower’s Hindi as they are', async () => {
    await switchLanguage('hi');
    const loads = fakeCalls<Offered<ComplaintsLoaded>>();
    const raises = fakeCalls<Offered<Complaint>, RaiseInput>();
    render(<ComplaintsFlow machine={complaintsMachine.provide({ actors: { loadComplaints: loads.actor, raiseComplaint: raises.actor } })} draft={null} config={CONFIG} />);
    await act(async () => loads.pending().resolve({ offered: true, value: LOADED } as never));
    const s = screen.getByRole('region', { name: hindi.heading });
    expect(within(s).getByText(hindi.escalate)).toBeTruthy();
    expect(within(s).getByText(ESCALATED.replies[0]!.text)).toBeTruthy();
    expect(within(s).getByText(hindi.status_replied)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: hindi.officer })).getAllByText(hindi.notProvided)).toHaveLength(2);
    expect(screen.getByRole('region', { name: hindi.rbiHeading })).toBeTruthy();
    fireEvent.click(within(s).getByRole('button', { name: hindi.raise }));
    const f = screen.getByRole('form', { name: hindi.raise });
    fireEvent.click(within(f).getByRole('button', { name: hindi.send }));
    expect(within(f).getByText(hindi.noCategory)).toBeTruthy();
    fireEvent.change(within(f).getByLabelText(hindi.category), { target: { value: 'repayment' } });
    fireEvent.change(within(f).getByLabelText(hindi.label), { target: { value: `${HINDI} 😀` } });
    expect((within(f).getByLabelText(hindi.label) as HTMLTextAreaElement).value).toBe(`${HINDI} `);
    expect(within(f).getByText(hindi.refused)).toBeTruthy();
    fireEvent.click(within(f).getByRole('button', { name: hindi.send }));
    expect(raises.all()[0]!.input).toMatchObject({ category: 'repayment', orderId: null, content: HINDI });
    await act(async () => raises.pending().resolve({ offered: true, value: RAISED } as never));
    expect(s.querySelector('.complaints-status')?.textContent).toBe(textFor(complaintsText, 'hi')('raised', { ticketNo: RAISED.ticketNo, date: '9 मई 2026' }));
  });

  it('a backend without the calls: Help says to write to the officer and offers no form, in English and Hindi', async () => {
    const loads = fakeCalls<Offered<ComplaintsLoaded>>();
    const { unmount } = render(<ComplaintsFlow machine={complaintsMachine.provide({ actors: { loadComplaints: loads.actor } })} draft={null} config={null} />);
    await act(async () => loads.pending().resolve({ offered: false } as never));
    expect(screen.getByText(d.notOffered)).toBeTruthy();
    expect(screen.queryByRole('button', { name: d.raise })).toBeNull();
    expect(within(screen.getByRole('region', { name: d.officer })).getAllByText(d.notProvided)).toHaveLength(3);
    expect(screen.getByRole('link', { name: d.rbiLink })).toBeTruthy();
    unmount();
    await switchLanguage('hi');
    const again = fakeCalls<Offered<ComplaintsLoaded>>();
    render(<ComplaintsFlow machine={complaintsMachine.provide({ actors: { loadComplaints: again.actor } })} draft={null} config={CONFIG} />);
    await act(async () => again.pending().resolve({ offered: false } as never));
    expect(screen.getByText(hindi.notOffered)).toBeTruthy();
    expect(screen.getByRole('link', { name: hindi.rbiCall }).getAttribute('href')).toBe('tel:14448');
  });

  it('what was typed survives a failed send and a reload, and the reload sends the same key', async () => {
    let stored: ComplaintDraft | null = null;
    const store: DraftStore<ComplaintDraft> = { read: () => stored, write: (x) => void (stored = x), remove: () => void (stored = null) } as DraftStore<ComplaintDraft>;
    const first = fakeCalls<Offered<Complaint>, RaiseInput>();
    const loads = fakeCalls<Offered<ComplaintsLoaded>>();
    const machine = () => complaintsMachine.provide(complaintsEffects(store)).provide({ actors: { loadComplaints: loads.actor, raiseComplaint: first.actor } });
    const { unmount } = render(<ComplaintsFlow machine={machine()} draft={null} config={CONFIG} />);
    await act(async () => loads.pending().resolve({ offered: true, value: LOADED } as never));
    fireEvent.click(screen.getByRole('button', { name: d.raise }));
    fireEvent.change(screen.getByLabelText(d.category), { target: { value: 'charges' } });
    fireEvent.change(screen.getByLabelText(d.label), { target: { value: TYPED } });
    fireEvent.click(screen.getByRole('button', { name: d.send }));
    await act(async () => first.pending().reject(new Error('Service busy, please try again')));
    expect(screen.getByRole('alert').textContent).toBe('Service busy, please try again');
    expect(stored).toMatchObject({ category: 'charges', text: TYPED });
    const key = first.all()[0]!.input.idempotencyKey;
    expect((stored as ComplaintDraft | null)?.idempotencyKey).toBe(key);
    unmount();
    render(<ComplaintsFlow machine={machine()} draft={store.read()} config={CONFIG} />);
    await act(async () => loads.pending().resolve({ offered: true, value: LOADED } as never));
    expect((screen.getByLabelText(d.label) as HTMLTextAreaElement).value).toBe(TYPED);
    fireEvent.click(screen.getByRole('button', { name: d.send }));
    expect(first.all()[1]!.input.idempotencyKey).toBe(key);
    await act(async () => first.pending().resolve({ offered: true, value: RAISED } as never));
    expect(stored).toBeNull();
  });
});
