/**
 * The audit page with a rating prompt (spec §2 'Audit with rating (/orders/audit)', §8): 'In
 * Auditing...', the request for 5 stars, the note on the amount growing, Refresh and To Evaluate, and
 * the 'Info' dialog. No rules here.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ratingAuditMachine } from '../../../machines/rating/rating-audit.machine';
import { ratingText } from '../../../i18n/en/rating';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { LinkTokenNotice } from './LinkTokenNotice';
import { Stars } from './RateView';
import './rating.css';

export type RatingAuditActor = ActorRefFrom<typeof ratingAuditMachine>;

export function RatingAuditView({ actor }: { actor: RatingAuditActor }) {
  const t = useText(ratingText);
  const noOrder = useSelector(actor, (s) => s.hasTag('noOrder'));
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const finished = useSelector(actor, (s) => s.hasTag('finished'));
  const info = useSelector(actor, (s) => s.hasTag('info'));
  const opening = useSelector(actor, (s) => s.hasTag('opening'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const reviewNotice = useSelector(actor, (s) => s.context.reviewNotice);
  const dismiss = () => actor.send({ type: 'info.dismissed' });
  return (
    <Screen title={t('auditing')} className="rating-page rating-audit">
      <LinkTokenNotice />
      <div className="rating-body" aria-busy={refreshing || undefined}>
        <span className="rating-hourglass" aria-hidden="true" />
        <Stars />
        <p className="rating-lead">{t('fiveStars')}</p>
        <p className="muted">{t('growth')}</p>
        {noOrder ? (
          <p className="rating-notice" role="alert">
            {t('noOrder')}
          </p>
        ) : (
          <p className="rating-status" role="status">
            {status ? t(status) : ''}
          </p>
        )}
        {reviewNotice && (
          <p className="rating-plain" role="alert">
            {t(reviewNotice)}
          </p>
        )}
        <div className="rating-actions">
          <Button block busy={opening} onClick={() => actor.send({ type: 'evaluate.tapped' })}>
            {t('toEvaluate')}
          </Button>
          {!noOrder && (
            <Button block variant="secondary" busy={refreshing} disabled={finished} onClick={() => actor.send({ type: 'refresh.tapped' })}>
              {t('refresh')}
            </Button>
          )}
        </div>
      </div>
      <Dialog open={info} title={t('infoTitle')} onClose={dismiss} actions={<Button onClick={dismiss}>{t('ok')}</Button>}>
        <p>{error ? t.said(error) : ''}</p>
      </Dialog>
    </Screen>
  );
}
