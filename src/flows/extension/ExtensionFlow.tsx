/**
 * The extension page (/orders/{id}/extension): the extension machine (machines/extension), its
 * effects (extension.effects.ts), the page's comings and goings sent to it (visible again, restored
 * from the bfcache), and the view. `ExtensionFlow` takes the provided machine, so tests provide fakes
 * the same way. Times of the 24-hour window are on the lender's clock (src/lib/lender-clock.ts).
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { extensionMachine, type ExtensionDraft } from '../../../machines/extension/extension.machine';
import { inspect } from '../../lib/inspect';
import { lenderClock } from '../../lib/lender-clock';
import { usePageLifecycle } from '../shared/page-lifecycle';
import { PAYMENT_HOSTS } from '../shared/payment';
import { extensionDraft, extensionEffects } from './extension.effects';
import { ExtensionView } from './ExtensionView';
import { useProvided } from '../shared/effects';

/** xstate's clock (setTimeout/clearTimeout); tests pass a SimulatedClock. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface ExtensionFlowProps {
  machine: typeof extensionMachine;
  orderId: string;
  /** The Apply and payment draft (read once, when the page opens), or null. */
  draft: ExtensionDraft | null;
  /** The app's origin (window.location.origin). */
  origin: string;
  paymentHosts: readonly string[];
  /** The lender's clock (lenderClock.now); tests pass a fake. */
  now: () => number;
  /** Timers of the machine (the window's end); defaults to the real ones. */
  clock?: Clock;
}

export function ExtensionFlow({ machine, orderId, draft, origin, paymentHosts, now, clock }: ExtensionFlowProps) {
  const actor = useActorRef(machine, { input: { orderId, draft, origin, paymentHosts, now }, inspect, ...(clock ? { clock } : {}) });
  usePageLifecycle({
    visible: () => actor.send({ type: 'page.visible' }),
    restored: () => actor.send({ type: 'page.restored' }),
  });
  return <ExtensionView actor={actor} />;
}

/** What the route renders: the extension of order `orderId` (another order is another page: keyed). */
export function ExtensionRoutePage({ orderId }: { orderId: string }) {
  return <ExtensionScreen key={orderId} orderId={orderId} />;
}

function ExtensionScreen({ orderId }: { orderId: string }) {
  const [, navigate] = useLocation();
  // Read once, when the page opens (a reload reads it again).
  const [draft] = useState(() => extensionDraft(orderId).read());
  const machine = useProvided(extensionMachine, () => extensionEffects(orderId, navigate));
  return <ExtensionFlow machine={machine} orderId={orderId} draft={draft} origin={window.location.origin} paymentHosts={PAYMENT_HOSTS} now={lenderClock.now} />;
}
