/**
 * The audit page with a rating prompt (spec §2 'Audit with rating (/orders/audit)', §8): 'In
 * Auditing...', the request for 5 stars, the note on the amount growing, Refresh and To Evaluate, and
 * the 'Info' dialog. No rules here.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ratingAuditMachine } from '../../../machines/rating/rating-audit.machine';
import { RATING_MESSAGES } from '../../../machines/rating/rating.rules';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Screen } from '../../ui/Screen';
import { LinkTokenNotice } from './LinkTokenNotice';
import { Stars } from './RateView';
import './rating.css';

export type RatingAuditActor = ActorRefFrom<typeof ratingAuditMachine>;

export function RatingAuditView({ actor }: { actor: RatingAuditActor }) {
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
    <Screen title={RATING_MESSAGES.auditing} className="rating-page rating-audit">
      <LinkTokenNotice />
      <div className="rating-body" aria-busy={refreshing || undefined}>
        <span className="rating-hourglass" aria-hidden="true" />
        <Stars />
        <p className="rating-lead">{RATING_MESSAGES.fiveStars}</p>
        <p className="muted">{RATING_MESSAGES.growth}</p>
        {noOrder ? (
          <p className="rating-notice" role="alert">
            {RATING_MESSAGES.noOrder}
          </p>
        ) : (
          <p className="rating-status" role="status">
            {status ?? ''}
          </p>
        )}
        {reviewNotice && (
          <p className="rating-plain" role="alert">
            {reviewNotice}
          </p>
        )}
        <div className="rating-actions">
          <Button block busy={opening} onClick={() => actor.send({ type: 'evaluate.tapped' })}>
            {RATING_MESSAGES.toEvaluate}
          </Button>
          {!noOrder && (
            <Button block variant="secondary" busy={refreshing} disabled={finished} onClick={() => actor.send({ type: 'refresh.tapped' })}>
              {RATING_MESSAGES.refresh}
            </Button>
          )}
        </div>
      </div>
      <Dialog open={info} title={RATING_MESSAGES.infoTitle} onClose={dismiss} actions={<Button onClick={dismiss}>{RATING_MESSAGES.ok}</Button>}>
        <p>{error}</p>
      </Dialog>
    </Screen>
  );
}
