/** /joint: a short wait while the shell answers and the login runs; no shell, or a failure, says so. No rules here. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { jointMachine } from '../../../machines/joint/joint.machine';
import { JOINT_TEXT } from '../../../machines/joint/joint.rules';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Loading } from '../../ui/Status';
import './joint.css';

type JointActor = ActorRefFrom<typeof jointMachine>;

export function JointView({ actor }: { actor: JointActor }) {
  const loggingIn = useSelector(actor, (s) => s.hasTag('loggingIn') || s.status === 'done');
  const noShell = useSelector(actor, (s) => s.hasTag('noShell'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const retry = () => actor.send({ type: 'joint.retried' });

  const loginLink = (
    <Link href={paths.login.href()} className="btn btn-link">
      {JOINT_TEXT.loginLink}
    </Link>
  );

  return (
    <Screen title={noShell ? JOINT_TEXT.noShellTitle : JOINT_TEXT.title} className="joint">
      {noShell ? (
        <div className="joint-message" role="alert">
          <p className="joint-lead">{JOINT_TEXT.noShell}</p>
          <p className="muted">{JOINT_TEXT.noShellHint}</p>
          <div className="joint-actions">
            {loginLink}
            <Button variant="secondary" onClick={retry}>
              {JOINT_TEXT.retry}
            </Button>
          </div>
        </div>
      ) : failed ? (
        <div className="joint-message" role="alert">
          <p className="joint-lead">{error}</p>
          <div className="joint-actions">
            <Button onClick={retry}>{JOINT_TEXT.retry}</Button>
            {loginLink}
          </div>
        </div>
      ) : (
        <Loading label={loggingIn ? JOINT_TEXT.loggingIn : JOINT_TEXT.asking} />
      )}
    </Screen>
  );
}
