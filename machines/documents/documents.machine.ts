/**
 * The borrower's documents, beyond the spec: the list per loan, and each document the lender
 * issued as a page to print or save as PDF.
 * It never makes a document up (it shows the lender's record) and makes no call itself: effects are
 * provided at the edge (src/flows/documents/documents.effects.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ClientConfig } from '../../contract/content';
import type { DocumentDetail, DocumentSummary } from '../../contract/documents';
import type { Offered } from '../../contract/offered';
import { saidOf, type Said } from '../../i18n/core';
import type { DocumentsKey } from '../../i18n/en/documents';
import { notProvided } from '../shared/actors';
import { enforces } from '../shared/rules';
import { machineSentences } from '../shared/sentences';

/** Whom the borrower complains to, as the client config gives it (null: not given, or unreadable). */
export type GrievanceOfficer = NonNullable<ClientConfig['grievanceOfficer']>;

/** What the lender answered: the list, or one document. */
export type DocumentsPage = { documents: DocumentSummary[] } | { document: DocumentDetail };

export interface DocumentsData {
  page: Offered<DocumentsPage>;
  officer: GrievanceOfficer | null;
}

export interface DocumentsInput {
  /** The document to show, or null for the list. */
  docId: string | null;
}

export interface DocumentsContext extends DocumentsInput {
  documents: DocumentSummary[];
  document: DocumentDetail | null;
  officer: GrievanceOfficer | null;
  /** Why the page could not be loaded: the server's msg, else by key. */
  error: Said<DocumentsKey> | null;
}

export type DocumentsEvent = { type: 'page.retried' } | { type: 'print.tapped' };

const listOf = (data: DocumentsData): DocumentSummary[] => (data.page.offered && 'documents' in data.page.value ? data.page.value.documents : []);
const documentOf = (data: DocumentsData): DocumentDetail | null => (data.page.offered && 'document' in data.page.value ? data.page.value.document : null);

export const documentsMachine = setup({
  types: { context: {} as DocumentsContext, events: {} as DocumentsEvent, input: {} as DocumentsInput },
  actors: {
    /** GET /user/v1/documents, or GET /user/v1/documents/detail?id= (beyond the spec: { offered: false } without it), with GET /client/v1/config for the grievance officer. */
    loadDocuments: fromPromise<DocumentsData, { docId: string | null }>(notProvided('loadDocuments')),
  },
  actions: {
    /** The browser's print dialog, where 'Save as PDF' is (the edge: window.print). */
    print: () => {},
  },
  guards: {
    notOffered: (_, params: { data: DocumentsData }) => !params.data.page.offered,
    isDocument: (_, params: { data: DocumentsData }) => documentOf(params.data) !== null,
    hasDocuments: (_, params: { data: DocumentsData }) => listOf(params.data).length > 0,
  },
}).createMachine({
  id: 'documents',
  description: "The borrower's documents per loan, and each document as a page to print or save as PDF, in the borrower's language.",
  context: ({ input }) => ({ docId: input.docId, documents: [], document: null, officer: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The documents (or the one document) and whom to ask for a copy.',
      tags: ['loading'],
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        input: ({ context }) => ({ docId: context.docId }),
        onDone: [
          {
            guard: { type: 'notOffered', params: ({ event }) => ({ data: event.output }) },
            target: 'notOffered',
            actions: assign({ officer: ({ event }) => event.output.officer }),
            description: 'The lender has no documents call (404, or its unknown-path answer).',
          },
          {
            guard: { type: 'isDocument', params: ({ event }) => ({ data: event.output }) },
            target: 'shown',
            actions: assign({ document: ({ event }) => documentOf(event.output) }),
          },
          {
            guard: { type: 'hasDocuments', params: ({ event }) => ({ data: event.output }) },
            target: 'list',
            actions: assign({ documents: ({ event }) => listOf(event.output) }),
          },
          { target: 'empty', description: 'The lender has issued no document yet.' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => saidOf<DocumentsKey>(event.error, 'loadFailed') }) },
      },
    },
    failed: {
      description: 'The documents could not be loaded (a document not found included): the reason and Try again.',
      tags: ['failed'],
      on: { 'page.retried': 'loading' },
    },
    notOffered: {
      description: "The lender does not provide documents in the app: the page says so and gives the grievance officer's contact.",
      tags: ['notOffered'],
    },
    empty: {
      description: 'No document yet: the lender issues them when the money is sent.',
      tags: ['empty'],
    },
    list: {
      description: "The documents by loan, newest loan first, each with its number and date, opening its page (a receipt, the receipt's page).",
      tags: ['list'],
      meta: enforces('documents-on-execution', 'no-dues-certificate'),
    },
    shown: {
      description: "One document: who issued it (name, RBI registration), its number and date, the borrower, the loan and what it states; Print.",
      tags: ['shown'],
      on: { 'print.tapped': { description: "The browser's print dialog (Save as PDF).", actions: 'print' } },
    },
  },
});

/** What the atlas shows for each event and guard of the chart, in the borrower's and lender's words. */
export const documentsSentences = machineSentences<DocumentsEvent>({
  events: {
    'page.retried': 'The borrower taps Try again',
    'print.tapped': 'The borrower taps Print',
  },
  guards: {
    notOffered: 'The lender offers no documents in the app',
    isDocument: 'The lender gives the one document asked for',
    hasDocuments: 'The lender lists at least one document',
  },
});
