/**
 * Application Denied (/product/{pid}/denied?day=&hour=; spec §2 'Denied', §8, §9 'Re-apply wait
 * after a denial: 15 days'): the spec's text verbatim, the time left before the borrower may apply
 * again, and Back to Home.
 *
 * Decisions where the spec is silent (README):
 * - ?day= and ?hour= are the wait left when the precheck answered (rejectStatusVO.day/.hour). The
 *   page counts down from the moment it opened, live (redrawn every 30 s), in whole hours rounded up:
 *   '15 days 0 hours', '14 days 23 hours', … then 'You can apply again now.'
 * - A missing or malformed day/hour counts as 0; both missing is the spec's 15 days.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../machines/shared/paths';
import { timeLeft, timeLeftSaid } from '../../../machines/application/denied.rules';
import { deniedText } from '../../../i18n/en/denied';
import { Screen } from '../../ui/Screen';
import { useText } from '../../ui/text';

/** How often the countdown is redrawn. */
const TICK_MS = 30_000;
import './denied.css';

export function DeniedView({ waitMs, now = Date.now }: { waitMs: number; now?: () => number }) {
  const t = useText(deniedText);
  // The countdown runs from the moment the page opened.
  const [deadline] = useState(() => now() + waitMs);
  const [current, setCurrent] = useState(() => now());
  useEffect(() => {
    const id = setInterval(() => setCurrent(now()), TICK_MS);
    return () => clearInterval(id);
  }, [now]);
  const left = timeLeft(deadline, current);
  const over = left.days === 0 && left.hours === 0;
  return (
    <Screen title={t('title')} className="denied">
      <div className="denied-body">
        <svg className="denied-icon" viewBox="0 0 48 48" width="72" height="72" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="#fdecea" />
          <path d="M24 13v14M24 33v2" stroke="#c62828" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <p className="denied-text">{t('text')}</p>
        <p className="denied-countdown">
          {over ? (
            t('againNow')
          ) : (
            <>
              <span className="muted">{t('reapplyIn')}</span>
              <strong className="denied-left">{timeLeftSaid(left).map(t.said).join(' ')}</strong>
            </>
          )}
        </p>
      </div>
      <div className="denied-actions">
        <Link href={paths.home.href()} className="btn btn-primary btn-block">
          {t('back')}
        </Link>
      </div>
    </Screen>
  );
}
