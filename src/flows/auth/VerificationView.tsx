/** The verification hub: a short loading state while it decides, the 'Info' dialog on a failure. No rules here. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { verificationMachine } from '../../../machines/verification/verification.machine';
import { verificationText } from '../../../i18n/en/verification';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { Loading } from '../../ui/Status';
import { useText } from '../../ui/text';

type VerificationActor = ActorRefFrom<typeof verificationMachine>;

export function VerificationView({ actor }: { actor: VerificationActor }) {
  const t = useText(verificationText);
  const noProduct = useSelector(actor, (s) => s.matches('noProduct'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const dismiss = () => actor.send({ type: 'info.dismissed' });

  if (noProduct) {
    return (
      <Screen title={t('title')} backTo="/">
        <div className="empty">
          <p>{t('noProduct')}</p>
          <p>{t('chooseProduct')}</p>
          <Link href="/" className="btn btn-primary">
            {t('goHome')}
          </Link>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title={t('title')}>
      {!failed && <Loading label={t('checking')} />}
      <Dialog
        open={failed}
        title={t('info')}
        onClose={dismiss}
        actions={
          <Button onClick={dismiss}>{t('ok')}</Button>
        }
      >
        <p>{error ? t.said(error) : ''}</p>
      </Dialog>
    </Screen>
  );
}
