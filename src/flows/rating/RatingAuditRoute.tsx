/**
 * Route component for the audit page with a rating prompt (/orders/audit?orderId=; its `token` was
 * taken out of the address before the app started: src/lib/url-token.ts).
 */
import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { ratingAuditMachine } from '../../../machines/rating/rating-audit.machine';
import { inspect } from '../../lib/inspect';
import { ratingAuditEffects } from './rating.effects';
import { RatingAuditView } from './RatingAuditView';
import { useProvided } from '../shared/effects';

/** The page with a provided machine (tests provide fakes). */
export function RatingAuditFlow({ machine, orderId }: { machine: typeof ratingAuditMachine; orderId: string | null }) {
  const actor = useActorRef(machine, { input: { orderId }, inspect });
  return <RatingAuditView actor={actor} />;
}

export default function RatingAuditRoute() {
  const orderId = new URLSearchParams(useSearch()).get('orderId');
  const machine = useProvided(ratingAuditMachine, () => ratingAuditEffects());
  // Another order is another page.
  return <RatingAuditFlow key={orderId ?? ''} machine={machine} orderId={orderId} />;
}
