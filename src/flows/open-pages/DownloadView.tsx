/**
 * The download/landing page (/download, spec §1): what the product is, for whom, at what cost, with a
 * worked example and the lender's contacts. Plain markup, no images but a small inline SVG, so a
 * static copy of it (first paint) can match it. Every figure comes from machines/download/download.rules.ts.
 */
import { Link } from 'wouter';
import {
  AMOUNT_TIERS,
  ANNUAL_RATE,
  APPLY_NOW,
  BANNER_SAMPLE,
  CONTACT_MESSAGES,
  ELIGIBILITY,
  GST_RATE,
  LANDING_EXAMPLE as EX,
  MAX_TENURE_DAYS,
  REQUIRED_INFO,
  TENURE_DAYS,
  percent,
  type ContactGroup,
  type IsOk,
} from '../../../machines/download/download.rules';
import { paths } from '../../../machines/shared/paths';
import { formatINR } from '../../lib/money';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { SectionTitle } from '../../ui/SectionTitle';
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
  return (
    <Screen title="Personal loans" className="dl">
      <section className="dl-banner" aria-labelledby="dl-banner-title">
        <svg className="dl-banner-art" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="rgb(255 255 255 / 18%)" />
          <path d="M22 20h20M22 28h20M22 20c12 0 12 16 0 16l16 10" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p id="dl-banner-title" className="dl-banner-label">Loans up to</p>
        <p className="dl-banner-amount">{formatINR(BANNER_SAMPLE)}</p>
        <p className="dl-banner-note">Sample amount. What you can borrow depends on our credit evaluation and the number of loans you have taken (table below).</p>
        {isOk === 1 ? (
          <Link href={paths.home.href()} className="btn btn-block dl-apply" data-is-ok="1">
            {APPLY_NOW}
          </Link>
        ) : (
          <a href={productSite} className="btn btn-block dl-apply" data-is-ok="2" rel="noopener">
            {APPLY_NOW}
          </a>
        )}
      </section>

      <section className="card" aria-labelledby="dl-who">
        <SectionTitle id="dl-who">Who can apply</SectionTitle>
        <ul className="dl-ticks">
          {ELIGIBILITY.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="dl-need">
        <SectionTitle id="dl-need">What you need</SectionTitle>
        <ul className="dl-ticks">
          {REQUIRED_INFO.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="dl-terms">
        <SectionTitle id="dl-terms">Rates and terms</SectionTitle>
        <dl className="dl-facts">
          <div>
            <dt>Interest</dt>
            <dd>{percent(ANNUAL_RATE)} per annum</dd>
          </div>
          <div>
            <dt>GST</dt>
            <dd>{percent(GST_RATE)} of the processing fee</dd>
          </div>
          <div>
            <dt>Loan tenure</dt>
            <dd>
              {TENURE_DAYS} days, maximum {MAX_TENURE_DAYS} days
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="dl-example">
        <SectionTitle id="dl-example">A worked example</SectionTitle>
        <p className="dl-small">
          A loan of {formatINR(EX.principal)} for {EX.days} days. The example is worked at {percent(EX.annualRate)} per annum, the rate
          the product's published example uses, not at the {percent(ANNUAL_RATE)} stated above; the processing fee of{' '}
          {percent(EX.feeRate)} is an example too. Your own figures are shown before you confirm a loan.
        </p>
        <dl className="dl-sums">
          <div>
            <dt>Loan amount</dt>
            <dd>{formatINR(EX.principal)}</dd>
          </div>
          <div>
            <dt>Processing fee</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} × {percent(EX.feeRate)} =
              </span>{' '}
              {formatINR(EX.processingFee)}
            </dd>
          </div>
          <div>
            <dt>GST on the processing fee</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.processingFee)} × {percent(GST_RATE)} =
              </span>{' '}
              {formatINR(EX.gst)}
            </dd>
          </div>
          <div>
            <dt>
              Interest for {EX.days} days at {percent(EX.annualRate)} per annum
            </dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} × {percent(EX.annualRate)} × {EX.days} / 365 = {exact(EX.exactInterest)}, rounded to
              </span>{' '}
              {formatINR(EX.interest)}
            </dd>
          </div>
          <div className="dl-sum-total">
            <dt>Amount received</dt>
            <dd>
              <span className="dl-calc">
                {formatINR(EX.principal)} − {formatINR(EX.processingFee)} − {formatINR(EX.gst)} =
              </span>{' '}
              {formatINR(EX.received)}
            </dd>
          </div>
          <div className="dl-sum-total">
            <dt>Total repayable on day {EX.days}</dt>
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
        <SectionTitle id="dl-tiers">Loan amounts by number of loans</SectionTitle>
        <table className="dl-table">
          <thead>
            <tr>
              <th scope="col">Number of loans</th>
              <th scope="col">Loan amount</th>
            </tr>
          </thead>
          <tbody>
            {AMOUNT_TIERS.map((t) => (
              <tr key={t.loans}>
                <td>
                  {t.loans} {t.loans === 1 ? 'loan' : 'loans'}
                </td>
                <td>
                  {formatINR(t.min)} – {formatINR(t.max)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card dl-contact" aria-labelledby="dl-contact">
        <SectionTitle id="dl-contact">Contact us</SectionTitle>
        <Contacts state={contacts} />
      </section>
    </Screen>
  );
}

function Contacts({ state }: { state: ContactsState }) {
  if (state.kind === 'loading') return <p className="muted" role="status">{CONTACT_MESSAGES.loading}</p>;
  if (state.kind === 'failed')
    return (
      <div role="alert">
        <p className="dl-small">
          {CONTACT_MESSAGES.failed} {state.message}
        </p>
        <Button variant="secondary" onClick={state.retry}>
          Try again
        </Button>
      </div>
    );
  if (state.groups.length === 0) return <p className="muted">{CONTACT_MESSAGES.none}</p>;
  return (
    <>
      {state.groups.map((g) => (
        <div key={g.title} className="dl-contact-group">
          <h3>{g.title}</h3>
          <dl className="dl-facts">
            {g.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
