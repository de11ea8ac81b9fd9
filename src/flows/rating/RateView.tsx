/** The rating prompt (spec §2 'Rating prompt (/rate)'): Evaluate Us and Cancel. No rules here. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rateMachine } from '../../../machines/rating/rate.machine';
import { ratingText } from '../../../i18n/en/rating';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';
import { LinkTokenNotice } from './LinkTokenNotice';
import './rating.css';

export type RateActor = ActorRefFrom<typeof rateMachine>;

export function RateView({ actor }: { actor: RateActor }) {
  const t = useText(ratingText);
  const idle = useSelector(actor, (s) => s.hasTag('idle'));
  const opening = useSelector(actor, (s) => s.hasTag('opening'));
  const closing = useSelector(actor, (s) => s.hasTag('closing') || s.hasTag('closed'));
  const outside = useSelector(actor, (s) => s.hasTag('outside'));
  const notice = useSelector(actor, (s) => s.context.notice);
  return (
    <Screen title={t('rateTitle')} className="rating-page">
      <LinkTokenNotice />
      <div className="rating-body">
        <Stars />
        <p className="rating-lead">{t('rateLead')}</p>
        {outside ? (
          <p className="rating-plain" role="status">
            {notice ? t(notice) : ''}
          </p>
        ) : (
          <>
            {notice && idle && (
              <p className="rating-notice" role="alert">
                {t(notice)}
              </p>
            )}
            <p className="rating-status" role="status">
              {closing ? t('closing') : ''}
            </p>
            <div className="rating-actions">
              <Button block busy={opening} disabled={!idle} onClick={() => actor.send({ type: 'evaluate.tapped' })}>
                {t('evaluateUs')}
              </Button>
              <Button block variant="secondary" disabled={!idle} onClick={() => actor.send({ type: 'cancel.tapped' })}>
                {t('cancel')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Screen>
  );
}

/** Five stars, for the eye only. */
export function Stars() {
  return (
    <div className="rating-stars" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 24 24" width="32" height="32">
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="currentColor" />
        </svg>
      ))}
    </div>
  );
}
