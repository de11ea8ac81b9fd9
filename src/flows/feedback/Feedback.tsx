/**
 * Feedback on home and account (spec §1): the floating button and its dialog, one machine. The app
 * shell renders it lazily on / and /personal (src/app/Shell.tsx), so none of it weighs on the first
 * screen. `FeedbackFlow` takes the provided machine and the draft read when the page opened, so
 * tests provide fakes the same way.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { feedbackMachine, type FeedbackDraft } from '../../../machines/feedback/feedback.machine';
import { inspect } from '../../lib/inspect';
import { feedbackDraft, feedbackEffects } from './feedback.effects';
import { FeedbackButton } from './FeedbackButton';
import { FeedbackDialogView } from './FeedbackDialogView';
import './feedback.css';
import { useProvided } from '../shared/effects';

export interface FeedbackFlowProps {
  machine: typeof feedbackMachine;
  /** What was typed before in this tab (a reload), or null. */
  draft: FeedbackDraft | null;
}

export function FeedbackFlow({ machine, draft }: FeedbackFlowProps) {
  const actor = useActorRef(machine, { input: { draft }, inspect });
  const open = useSelector(actor, (s) => s.hasTag('open'));
  return (
    <>
      <FeedbackButton expanded={open} onOpen={() => actor.send({ type: 'feedback.opened' })} />
      <FeedbackDialogView actor={actor} />
    </>
  );
}

export default function Feedback() {
  // Read once, when the page opens.
  const [draft] = useState(() => feedbackDraft().read());
  const machine = useProvided(feedbackMachine, () => feedbackEffects());
  return <FeedbackFlow machine={machine} draft={draft} />;
}
