/** /alert (public): the iOS-only notice, the spec's two sentences verbatim (spec §2, §8), nothing else to do. */
import { ALERT_TEXTS } from '../../../machines/download/download.rules';
import { Screen } from '../../ui/Screen';
import './notice.css';

export default function AlertRoute() {
  return (
    <Screen title="Notice">
      <section className="notice" aria-label="iOS only">
        <svg className="notice-art" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--brand-soft)" />
          <path d="M24 14v12" stroke="var(--brand)" strokeWidth="4" strokeLinecap="round" />
          <circle cx="24" cy="33" r="2.5" fill="var(--brand)" />
        </svg>
        {ALERT_TEXTS.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
    </Screen>
  );
}
