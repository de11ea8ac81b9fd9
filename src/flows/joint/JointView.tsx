/** /joint: a short wait while the shell answers and the login runs; no shell, or a failure, says so. No rules here. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { jointMachine } from '../../../machines/joint/joint.machine';
import { jointText } from '../../../i18n/en/joint';
import { paths } from '../../../machines/shared/paths';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import './joint.css';

type JointActor = ActorRefFrom<typeof jointMachine>;

export function JointView({ actor }: { actor: JointActor }) {
  const t = useText(jointText);
  const loggingIn = useSelector(actor, (s) => s.hasTag('loggingIn') || s.status === 'done');
  const noShell = useSelector(actor, (s) => s.hasTag('noShell'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const retry = () => actor.send({ type: 'joint.retried' });

  const loginLink = (
    <Link href={paths.login.href()} className="btn btn-link">
      {t('loginLink')}
    </Link>
  );

  return (
    <Screen title={noShell ? t('noShellTitle') : t('title')} className="joint">
      {noShell ? (
        <div className="joint-message" role="alert">
          <p className="joint-lead">{t('noShell')}</p>
          <p className="muted">{t('noShellHint')}</p>
          <div className="joint-actions">
            {loginLink}
            <Button variant="secondary" onClick={retry}>
              {t('retry')}
            </Button>
          </div>
        </div>
      ) : failed ? (
        <div className="joint-message" role="alert">
          <p className="joint-lead">{error ? t.said(error) : ''}</p>
          <div className="joint-actions">
            <Button onClick={retry}>{t('retry')}</Button>
            {loginLink}
          </div>
        </div>
      ) : (
        <Loading label={loggingIn ? t('loggingIn') : t('asking')} />
      )}
    </Screen>
  );
}
