/**
 * Route component for a payment's receipt (/orders/{id}/receipts/{paymentId}; beyond the spec): the
 * receipt machine (machines/receipt) with its effects, and the view. `ReceiptFlow` takes the provided
 * machine, so tests provide fakes the same way. The borrower's phone is this tab's session's.
 */
import { useActorRef } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { receiptMachine } from '../../../machines/receipt/receipt.machine';
import { inspect } from '../../lib/inspect';
import { session } from '../../lib/session';
import type { RouteScreenProps } from '../shared/route';
import { receiptEffects } from './receipt.effects';
import { ReceiptView } from './ReceiptView';
import { useProvided } from '../shared/effects';

export interface ReceiptFlowProps {
  machine: typeof receiptMachine;
  orderId: string;
  paymentId: string;
  /** The signed-in phone ('91' + 10 digits), or null (a native-shell sign-in without one). */
  phone: string | null;
}

export function ReceiptFlow({ machine, orderId, paymentId, phone }: ReceiptFlowProps) {
  const actor = useActorRef(machine, { input: { orderId, paymentId }, inspect });
  return <ReceiptView actor={actor} phone={phone} />;
}

export default function ReceiptRoute({ params }: RouteScreenProps) {
  const orderId = params.orderId ?? '';
  const paymentId = params.paymentId ?? '';
  const phone = useSyncExternalStore(session.subscribe, session.phone);
  const machine = useProvided(receiptMachine, () => receiptEffects());
  return <ReceiptFlow key={`${orderId}|${paymentId}`} machine={machine} orderId={orderId} paymentId={paymentId} phone={phone} />;
}
