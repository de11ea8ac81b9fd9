/** The verification hub: a short loading state while it decides, the 'Info' dialog on a failure. No rules here. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { VERIFICATION_MESSAGES, type verificationMachine } from '../../../machines/verification/verification.machine';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { Loading } from '../../ui/Status';

type VerificationActor = ActorRefFrom<typeof verificationMachine>;

export function VerificationView({ actor }: { actor: VerificationActor }) {
  const noProduct = useSelector(actor, (s) => s.matches('noProduct'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const dismiss = () => actor.send({ type: 'info.dismissed' });

  if (noProduct) {
    return (
      <Screen title="Verification" backTo="/">
        <div className="empty">
          <p>{VERIFICATION_MESSAGES.noProduct}</p>
          <p>Choose a loan product on the home page to start.</p>
          <Link href="/" className="btn btn-primary">
            Go to Home
          </Link>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title="Verification">
      {!failed && <Loading label="Checking your verification…" />}
      <Dialog
        open={failed}
        title="Info"
        onClose={dismiss}
        actions={
          <Button onClick={dismiss}>OK</Button>
        }
      >
        <p>{error}</p>
      </Dialog>
    </Screen>
  );
}
