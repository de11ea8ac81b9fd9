/**
 * The borrower's documents, rendered: the documents machine's generated paths replayed in StrictMode
 * and normal mode (what the borrower sees in each state, one load per visit, Print only on a shown
 * document); the list and the documents in English and in Hindi, the terms adding up on screen;
 * against a lender without the documents calls, the grievance officer to ask; with the real effects,
 * the list or the document and the officer side by side.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsText } from '../../i18n/en/documents';
import { documents as HI } from '../../i18n/hi/documents';
import { documentsMachine, type DocumentsData } from '../../machines/documents/documents.machine';
import * as documentsCases from '../../machines/documents/documents.cases';
import { DATA, KFS, NO_DUES, OFFICER, SANCTION_LETTER } from '../../machines/documents/documents.cases';
import type { ActorDoneCase, ActorErrorCase } from '../../machines/shared/cases';
import { documentsEffects } from '../../src/flows/documents/documents.effects';
import { DocumentsFlow } from '../../src/flows/documents/DocumentsRoute';
import { clientConfig } from '../../src/flows/shared/client-config';
import { fakeCalls, type Deferred } from '../support/fakes';
import { switchLanguage } from '../support/language';
import { generatePaths } from '../../model-testing/paths';
import { invocations, replayPath } from '../../model-testing/replay';

const api = vi.hoisted(() => ({ listDocuments: vi.fn(), getDocument: vi.fn() }));
vi.mock('../../src/api/documents', () => api);

const T = documentsText.en;
const paths = generatePaths(documentsMachine, documentsCases);
const mode = [
  ['StrictMode', true],
  ['normal mode', false],
] as const;

afterEach(async () => {
  await switchLanguage('en');
  clientConfig.reset();
  api.listDocuments.mockReset();
  api.getDocument.mockReset();
});

function renderDocuments(machine: typeof documentsMachine, docId: string | null, strict = false) {
  const tree = (
    <Router hook={memoryLocation({ path: docId === null ? '/personal/documents' : `/personal/documents/${docId}` }).hook}>
      <DocumentsFlow machine={machine} docId={docId} />
    </Router>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/** Rupees in a cell: '− ₹500' → -500. */
const rupees = (text: string | null) => {
  const n = Number((text ?? '').replace(/[^\d.]/g, ''));
  return (text ?? '').includes('−') ? -n : n;
};

describe.each(mode)('documents paths (%s)', (_, strict) => {
  it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
    const loads = fakeCalls<DocumentsData, { docId: string | null }>();
    let prints = 0;
    const machine = documentsMachine.provide({ actors: { loadDocuments: loads.actor }, actions: { print: () => void prints++ } });
    const docId = path.steps[0]!.state.context.docId;
    const settle = async (c: ActorDoneCase | ActorErrorCase) => {
      await waitFor(() => loads.pending());
      await act(async () => ('output' in c ? loads.pending().resolve(c.output as DocumentsData) : loads.pending().reject(c.error)));
    };
    await replayPath(path, {
      act: {
        'xstate.init': () => void renderDocuments(machine, docId, strict),
        'xstate.done.actor.loadDocuments': (e) => settle(e as ActorDoneCase),
        'xstate.error.actor.loadDocuments': (e) => settle(e as ActorErrorCase),
        'page.retried': () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'print.tapped': () => void fireEvent.click(screen.getByRole('button', { name: T.print })),
      },
      assert: (s) => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.title);
        expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(docId === null ? '/personal' : '/personal/documents');
        if (s.hasTag('loading')) expect(screen.getByRole('status').textContent).toContain(T.loading);
        if (s.hasTag('failed')) expect(screen.getByRole('alert').textContent).toContain('Service busy');
        if (s.hasTag('notOffered')) {
          expect(screen.getByRole('status').textContent).toBe(T.notOffered);
          expect(screen.getByRole('link', { name: OFFICER.phone }).getAttribute('href')).toBe('tel:+918047182099');
          expect(screen.getByRole('link', { name: OFFICER.email }).getAttribute('href')).toBe(`mailto:${OFFICER.email}`);
        }
        if (s.hasTag('empty')) expect(screen.getByRole('status').textContent).toBe(T.empty);
        expect(screen.queryAllByRole('heading', { level: 2, name: /^Loan / }).length > 0).toBe(s.hasTag('list'));
        expect(screen.queryByRole('article') !== null).toBe(s.hasTag('shown'));
        expect(screen.queryByRole('button', { name: T.print }) !== null).toBe(s.hasTag('shown'));
      },
    });
    expect(loads.live().length).toBe(invocations(path.steps, 'loadDocuments'));
    expect(prints).toBe(path.steps.filter((st) => st.event.type === 'print.tapped').length);
  });
});

/** Renders a page; the returned function answers its load with `data`. */
function loaded(data: DocumentsData, docId: string | null) {
  const loads = fakeCalls<DocumentsData, { docId: string | null }>();
  renderDocuments(documentsMachine.provide({ actors: { loadDocuments: loads.actor } }), docId);
  return async () => {
    await waitFor(() => loads.pending());
    await act(async () => (loads.pending() as Deferred<DocumentsData>).resolve(data));
  };
}
const showing = (document: typeof NO_DUES) => ({ page: { offered: true as const, value: { document } }, officer: OFFICER });

describe('the list', () => {
  it('per loan, newest first; each document with its number and date, opening its page', async () => {
    await loaded(DATA.list, null)();
    const loans = screen.getAllByRole('region');
    expect(loans.map((l) => within(l).getByRole('heading', { level: 2 }).textContent)).toEqual(['Loan BW20250601000042', 'Loan BW20250101000007']);
    const links = within(loans[0]!).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/personal/documents/11', '/personal/documents/12', '/orders/501/receipts/pay_0001', '/personal/documents/13']);
    expect(links.map((l) => l.textContent)).toEqual([
      'Key Fact Statement No. KF20250601000011, 1 Jun 2025',
      'Sanction letter No. SL20250601000012, 1 Jun 2025',
      'Payment receipt No. RC20250612000001, 12 Jun 2025',
      'No-dues certificate No. ND20250612000013, 12 Jun 2025',
    ]);
  });

  it('in Hindi', async () => {
    await switchLanguage('hi');
    await loaded(DATA.list, null)();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HI.title);
    expect(screen.getByRole('link', { name: /नो-ड्यूज़ सर्टिफ़िकेट/ }).textContent).toBe('नो-ड्यूज़ सर्टिफ़िकेट नंबर ND20250612000013, 12 जून 2025');
  });
});

describe('a document', () => {
  it('the no-dues certificate: the lender, the borrower, the loan, the amount repaid, the closing date and "no dues"', async () => {
    await loaded(showing(NO_DUES), '13')();
    const doc = screen.getByRole('article', { name: T.noDues });
    const text = doc.textContent ?? '';
    for (const words of ['Sandbox Finance Private Limited', 'RBI registration no. N-14.03268', 'ND20250612000013', '12 Jun 2025, 11:31 IST', 'Asha Verma', '+91 98765 43210', 'BW20250601000042', '₹11,000', `${T.closedOn}12 Jun 2025`, T.noDuesStatement])
      expect(text).toContain(words);
  });

  it('the sanction letter: the terms, each sum adding up on screen', async () => {
    await loaded(showing(SANCTION_LETTER), '12')();
    const doc = screen.getByRole('article', { name: T.sanctionLetter });
    for (const name of [T.disbursedAmount, T.repaymentAmount]) {
      const rows = within(within(doc).getByRole('table', { name })).getAllByRole('row');
      const cells = rows.map((r) => rupees(within(r).getByRole('cell').textContent));
      expect(cells.slice(0, -1).reduce((a, x) => a + x, 0)).toBe(cells.at(-1));
    }
    expect(doc.textContent).toContain('91 days');
    expect(doc.textContent).toContain('0.11% / day');
    expect(doc.textContent).toContain(`${T.dueDate}31 Aug 2025`);
  });

  it('the KFS as acknowledged: its number, when it was issued and accepted', async () => {
    await loaded(showing(KFS), '11')();
    const doc = screen.getByRole('article', { name: T.kfs });
    for (const words of [`${T.kfsNo}KFS2025060100042`, `${T.kfsAccepted}1 Jun 2025, 09:55 IST`, T.kfsLead]) expect(doc.textContent).toContain(words);
  });

  it('in Hindi: every label in Hindi, the same figures', async () => {
    await switchLanguage('hi');
    await loaded(showing(NO_DUES), '13')();
    const doc = screen.getByRole('article', { name: HI.noDues });
    for (const words of ['RBI रजिस्ट्रेशन नंबर N-14.03268', HI.noDuesLead, `${HI.amountRepaid}₹11,000`, `${HI.closedOn}12 जून 2025`, HI.noDuesStatement]) expect(doc.textContent).toContain(words);
    expect(screen.getByRole('button', { name: HI.print })).toBeTruthy();
  });
});

describe('with its real effects', () => {
  it('the list and the grievance officer side by side; a document by its id; Print', async () => {
    api.listDocuments.mockResolvedValue({ offered: true, value: DATA.list.page.value.documents });
    api.getDocument.mockResolvedValue({ offered: true, value: NO_DUES });
    clientConfig.reset(async () => ({ customer: null, lender: null, grievanceOfficer: OFFICER, penalChargePerDay: null, coolingOffDays: null }));
    renderDocuments(documentsMachine.provide(documentsEffects()), null);
    await screen.findAllByRole('region');
    expect(api.listDocuments).toHaveBeenCalledWith(expect.objectContaining({ signal: expect.any(AbortSignal) }));
    const print = vi.fn();
    renderDocuments(documentsMachine.provide(documentsEffects({ print })), '13');
    await screen.findByRole('article');
    expect(api.getDocument).toHaveBeenCalledWith('13', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    fireEvent.click(screen.getByRole('button', { name: T.print }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('against a lender with only the spec’s calls: none here, and whom to ask; without an officer, the lender', async () => {
    api.listDocuments.mockResolvedValue({ offered: false });
    clientConfig.reset(async () => ({ customer: null, lender: null, grievanceOfficer: OFFICER, penalChargePerDay: null, coolingOffDays: null }));
    const first = renderDocuments(documentsMachine.provide(documentsEffects()), null);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(T.notOffered));
    expect(screen.getByText(OFFICER.name)).toBeTruthy();
    first.unmount();
    clientConfig.reset(() => Promise.reject(new Error('offline')));
    renderDocuments(documentsMachine.provide(documentsEffects()), null);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(T.notOffered));
    expect(screen.getByText(T.askLender)).toBeTruthy();
  });
});
