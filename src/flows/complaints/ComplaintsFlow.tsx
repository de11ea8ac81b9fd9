/**
 * Complaints on Help: the machine, provided at the edge, and its view. `ComplaintsFlow` takes the
 * provided machine, the draft read when the page opened and the client config, so tests provide fakes
 * the same way.
 */
import { useActorRef } from '@xstate/react';
import type { ClientConfig } from '../../../contract/content';
import type { ComplaintDraft, complaintsMachine } from '../../../machines/complaints/complaints.machine';
import { inspect } from '../../lib/inspect';
import { ComplaintsView } from './ComplaintsView';
import './complaints.css';

export interface ComplaintsFlowProps {
  machine: typeof complaintsMachine;
  draft: ComplaintDraft | null;
  config: ClientConfig | null;
}

export function ComplaintsFlow({ machine, draft, config }: ComplaintsFlowProps) {
  const actor = useActorRef(machine, { input: { draft }, inspect });
  return <ComplaintsView actor={actor} config={config} />;
}
