/**
 * The event cases of the borrower's documents (tests/machines/documents.machine.test.ts, the view
 * tests and `npm run flows`). Convention: machines/shared/cases.ts, CasesModule.
 */
import type { DocumentDetail, DocumentSummary } from '../../contract/documents';
import { actorDone, actorError, type CaseList } from '../shared/cases';
import type { DocumentsData, DocumentsInput, documentsMachine, GrievanceOfficer } from './documents.machine';

export const ORDER_ID = '501';
export const ORDER_NO = 'BW20250601000042';

export const OFFICER: GrievanceOfficer = { name: 'Priya Raman', phone: '+91 80 4718 2099', email: 'grievance@lender.example', address: '' };

const summary = (d: Partial<DocumentSummary> & Pick<DocumentSummary, 'id' | 'kind' | 'number'>): DocumentSummary => ({
  orderId: ORDER_ID,
  orderNo: ORDER_NO,
  issuedAt: '2025-06-01 10:02:00',
  ...d,
});

/** A repaid loan's documents, and an older loan's sanction letter. */
export const DOCUMENTS: DocumentSummary[] = [
  summary({ id: '11', kind: 'kfs', number: 'KF20250601000011' }),
  summary({ id: '12', kind: 'sanctionLetter', number: 'SL20250601000012' }),
  summary({ id: 'pay_0001', kind: 'receipt', number: 'RC20250612000001', issuedAt: '2025-06-12 11:31:10' }),
  summary({ id: '13', kind: 'noDues', number: 'ND20250612000013', issuedAt: '2025-06-12 11:31:10' }),
  summary({ id: '4', kind: 'sanctionLetter', number: 'SL20250101000004', orderId: '300', orderNo: 'BW20250101000007', issuedAt: '2025-01-01 09:00:00' }),
];

const PARTIES = {
  orderId: ORDER_ID,
  orderNo: ORDER_NO,
  lender: { name: 'Sandbox Finance Private Limited', rbiRegistration: 'N-14.03268', address: '29 MG Road, Bengaluru 560001' },
  borrower: { name: 'Asha Verma', phone: '919876543210' },
};

/** The no-dues certificate of the repaid loan. */
export const NO_DUES: DocumentDetail = {
  ...PARTIES,
  id: '13',
  kind: 'noDues',
  number: 'ND20250612000013',
  issuedAt: '2025-06-12 11:31:10',
  terms: null,
  kfs: null,
  settlement: { amountRepaid: 11000, closedOn: '2025-06-12' },
};

/** Its sanction letter: ₹10,000 sanctioned, ₹590 of fees, ₹9,410 sent; ₹1,000 interest, ₹11,000 to repay. */
export const SANCTION_LETTER: DocumentDetail = {
  ...PARTIES,
  id: '12',
  kind: 'sanctionLetter',
  number: 'SL20250601000012',
  issuedAt: '2025-06-01 10:02:00',
  terms: {
    loanAmount: 10000,
    processingFee: 500,
    gst: 90,
    disbursedAmount: 9410,
    interest: 1000,
    repaymentAmount: 11000,
    periodDays: 91,
    ratePerDay: 0.0011,
    disbursedAt: '2025-06-01 10:02:00',
    dueDate: '2025-08-31',
  },
  kfs: null,
  settlement: null,
};

/** The KFS as acknowledged: the same terms, its number and when it was accepted. */
export const KFS: DocumentDetail = {
  ...SANCTION_LETTER,
  id: '11',
  kind: 'kfs',
  number: 'KF20250601000011',
  kfs: { number: 'KFS2025060100042', issuedAt: '2025-06-01 09:50:00', acknowledgedAt: '2025-06-01 09:55:30' },
};

export const DATA = {
  list: { page: { offered: true, value: { documents: DOCUMENTS } }, officer: OFFICER },
  none: { page: { offered: true, value: { documents: [] } }, officer: OFFICER },
  noDues: { page: { offered: true, value: { document: NO_DUES } }, officer: OFFICER },
  notOffered: { page: { offered: false }, officer: OFFICER },
} satisfies Record<string, DocumentsData>;

export const cases = [
  actorDone('loadDocuments', DATA.list),
  actorDone('loadDocuments', DATA.none),
  actorDone('loadDocuments', DATA.noDues),
  actorDone('loadDocuments', DATA.notOffered),
  actorError('loadDocuments', new Error('Service busy, please try again')),
  { type: 'page.retried' },
  { type: 'print.tapped' },
] satisfies CaseList<typeof documentsMachine>;

export const inputs = {
  list: { docId: null },
  document: { docId: '13' },
} satisfies Record<string, DocumentsInput>;
