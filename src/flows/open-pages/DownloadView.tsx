/**
 * The download/landing page (/download, spec §1): what the product is, for whom, at what cost, with a
 * worked example and the lender's contacts. Plain markup, no images but a small inline SVG, so a
 * static copy of it (first paint) can match it. Every figure comes from machines/shared/download.ts,
 * every text from the catalogue (i18n/en/download.ts).
 */
import { Link } from 'wouter';
import {
  AMOUNT_TIERS,
  ANNUAL_RATE,
  BANNER_SAMPLE,
  DAYS_IN_YEAR,
  ELIGIBILITY,
  GST_RATE,
  LANDING_EXAMPLE as EX,
  MAX_TENURE_DAYS,
  REQUIRED_INFO,
  TENURE_DAYS,
  percent,
  type ContactGroup,
  type IsOk,
} from '../../../machines/shared/download';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { SectionTitle } from '../../ui/SectionTitle';
import { downloadText } from '../../../i18n/en/download';
import { useText } from '../../ui/text';
import './download.css';

export type ContactsState = { kind: 'loading' } | { kind: 'failed'; message: string; retry: () => void } | { kind: 'ready'; groups: ContactGroup[] };

export interface DownloadViewProps {
  /** 1: APPLY NOW goes to / in the app; 2: it is a plain link to the product site. */
  isOk: IsOk;
  productSite: string;
  contacts: ContactsState;
}

const exact = (x: number) => formatINR(Math.round(x * 100) / 100);

export function DownloadView({ isOk, productSite, contacts }: DownloadViewProps) {
  const t = useText(downloadText);
  return (
    <Screen title={t('title')} className="dl">
      <section className="dl-banner" aria-labelledby="dl-banner-title">
        <svg className="dl-banner-art" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="rgb(255 255 255 / 18%)" />
          <path d="M22 20h20M22 28h20M22 20c12 0 12 16 0 16l16 10" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p id="dl-banner-title" className="dl-banner-label">
          {t('bannerLabel')}
        </p>
        <p className="dl-banner-amount">{formatINR(BANNER_SAMPLE)}</p>
        <p className="dl-banner-note">{t('bannerNote')}</p>
        {isOk === 1 ? (
          <Link href={paths.home.href()} className="btn btn-block dl-apply" data-is-ok="1">
            {t('applyNow')}
          </Link>
        ) : (
          <a href={productSite} className="btn btn-block dl-apply" data-is-ok="2" rel="noopener">
            {t('applyNow')}
          </a>
        )}
      </section>

      <section className="card" aria-labelledby="dl-who">
        <SectionTitle id="dl-who">{t('who')}</SectionTitle>
        <ul className="dl-ticks">
          {ELIGIBILITY.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="dl-need">
        <SectionTitle id="dl-need">{t('need')}</SectionTitle>
        <ul className="dl-ticks">
          {REQUIRED_INFO.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="dl-terms">
        <SectionTitle id="dl-terms">{t('terms')}</SectionTitle>
        <dl className="dl-facts">
          <div>
            <dt>{t('interest')}</dt>
            <dd>{t('perAnnum', { rate: percent(ANNUAL_RATE) })}</dd>
          </div>
          <div>
            <dt>{t('gst')}</dt>
            <dd>{t('ofFee', { rate: percent(GST_RATE) })}</dd>
          </div>
          <div>
            <dt>{t('tenure')}</dt>
            <dd>{t('tenureDays', { days: TENURE_DAYS, max: MAX_TENURE_DAYS })}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="dl-example">
        <SectionTitle id="dl-example">{t('example')}</SectionTitle>
        <p className="dl-small">
          {t('exampleNote', {
            principal: formatINR(EX.principal),
            days: EX.days,
            exampleRate: percent(EX.annualRate),
            rate: percent(ANNUAL_RATE),
            feeRate: percent(EX.feeRate),
          })}
        </p>
        <dl className="dl-sums">
          <div>
            <dt>{t('loanAmount')}</dt>
            <dd>{formatINR(EX.principal)}</dd>
          </div>
          <div>
            <dt>{t('fee')}</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} × {percent(EX.feeRate)} =
              </span>{' '}
              {formatINR(EX.processingFee)}
            </dd>
          </div>
          <div>
            <dt>{t('feeGst')}</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.processingFee)} × {percent(GST_RATE)} =
              </span>{' '}
              {formatINR(EX.gst)}
            </dd>
          </div>
          <div>
            <dt>{t('interestFor', { days: EX.days, rate: percent(EX.annualRate) })}</dt>
            <dd>
              <span className="dl-calc">
                {t('interestCalc', {
                  principal: formatINR(EX.principal),
                  rate: percent(EX.annualRate),
                  days: EX.days,
                  year: DAYS_IN_YEAR,
                  exact: exact(EX.exactInterest),
                })}
              </span>{' '}
              {formatINR(EX.interest)}
            </dd>
          </div>
          <div className="dl-sum-total">
            <dt>{t('received')}</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} − {formatINR(EX.processingFee)} − {formatINR(EX.gst)} =
              </span>{' '}
              {formatINR(EX.received)}
            </dd>
          </div>
          <div className="dl-sum-total">
            <dt>{t('repayable', { days: EX.days })}</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} + {formatINR(EX.interest)} =
              </span>{' '}
              {formatINR(EX.totalRepayable)}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="dl-tiers">
        <SectionTitle id="dl-tiers">{t('tiers')}</SectionTitle>
        <table className="dl-table">
          <thead>
            <tr>
              <th scope="col">{t('loans')}</th>
              <th scope="col">{t('loanAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {AMOUNT_TIERS.map((tier) => (
              <tr key={tier.loans}>
                <td>{t(tier.loans === 1 ? 'loansOne' : 'loansOther', { n: tier.loans })}</td>
                <td>
                  {formatINR(tier.min)} – {formatINR(tier.max)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card dl-contact" aria-labelledby="dl-contact">
        <SectionTitle id="dl-contact">{t('contactUs')}</SectionTitle>
        <Contacts state={contacts} />
      </section>
    </Screen>
  );
}

function Contacts({ state }: { state: ContactsState }) {
  const t = useText(downloadText);
  if (state.kind === 'loading')
    return (
      <p className="muted" role="status">
        {t('contactsLoading')}
      </p>
    );
  if (state.kind === 'failed')
    return (
      <div role="alert">
        <p className="dl-small">
          {t('contactsFailed')} {state.message}
        </p>
        <Button variant="secondary" onClick={state.retry}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  if (state.groups.length === 0) return <p className="muted">{t('contactsNone')}</p>;
  return (
    <>
      {state.groups.map((g) => (
        <div key={g.title} className="dl-contact-group">
          <h3>{t(g.title)}</h3>
          <dl className="dl-facts">
            {g.rows.map((row) => (
              <div key={row.label}>
                <dt>{t(row.label)}</dt>
                <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
