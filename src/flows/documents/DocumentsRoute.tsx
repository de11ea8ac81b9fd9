/**
 * Route components of the borrower's documents (beyond the spec): /personal/documents, the list per
 * loan, and /personal/documents/{docId}, one document. One machine (machines/documents) with its
 * effects; `DocumentsFlow` takes the provided machine, so tests provide fakes the same way.
 */
import { useActorRef } from '@xstate/react';
import { documentsMachine } from '../../../machines/documents/documents.machine';
import { inspect } from '../../lib/inspect';
import type { RouteScreenProps } from '../shared/route';
import { documentsEffects } from './documents.effects';
import { DocumentsView } from './DocumentsView';
import { useProvided } from '../shared/effects';

export interface DocumentsFlowProps {
  machine: typeof documentsMachine;
  /** The document to show, or null for the list. */
  docId: string | null;
}

export function DocumentsFlow({ machine, docId }: DocumentsFlowProps) {
  const actor = useActorRef(machine, { input: { docId }, inspect });
  return <DocumentsView actor={actor} />;
}

export default function DocumentsRoute({ params }: RouteScreenProps) {
  const docId = params.docId ?? null;
  const machine = useProvided(documentsMachine, () => documentsEffects());
  return <DocumentsFlow key={docId ?? ''} machine={machine} docId={docId} />;
}
