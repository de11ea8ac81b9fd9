/**
 * Who lends (Digital Lending Directions 2025: the lender's name and the grievance officer are shown
 * in the app): 'Loans by <lender>', its RBI registration, and a 'Grievance officer' disclosure with
 * the officer's name, phone (tel:) and e-mail (mailto:), all from the client config.
 *
 * What the backend did not send is left out; when it sent neither the lender nor the officer, nothing
 * is rendered (the pages work as before). The Key Fact Statement, where the facts are required
 * before accepting a loan, says 'Not provided' for each missing one instead.
 */
import type { ClientConfig } from '../../contract/content';
import { lenderText } from '../../i18n/en/lender';
import { useText } from './text';
import './lender-identity.css';

export interface LenderIdentityProps {
  /** The client config, or null while unknown. */
  config: ClientConfig | null;
  /** The grievance officer's details start open (Help, About us); elsewhere a tap opens them. */
  open?: boolean;
  className?: string;
}

/** The digits and '+' of a phone number, for a tel: link ('' when there are none). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : '';
}

/** A mailto: link for an address that looks like one (x@y), else ''. */
export function mailtoHref(email: string): string {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(email) ? `mailto:${email}` : '';
}

const clean = (s: string | undefined) => (s ?? '').trim();

export function LenderIdentity({ config, open = false, className }: LenderIdentityProps) {
  const t = useText(lenderText);
  const name = clean(config?.lender?.name);
  const registration = clean(config?.lender?.rbiRegistration);
  const officer = { name: clean(config?.grievanceOfficer?.name), phone: clean(config?.grievanceOfficer?.phone), email: clean(config?.grievanceOfficer?.email) };
  const hasOfficer = officer.name !== '' || officer.phone !== '' || officer.email !== '';
  if (name === '' && registration === '' && !hasOfficer) return null;
  const tel = telHref(officer.phone);
  const mailto = mailtoHref(officer.email);
  const [before, after] = t.around('loansBy', 'name');
  return (
    <section className={['lender', className ?? ''].filter(Boolean).join(' ')} aria-label={t('who')}>
      {name !== '' && (
        <p className="lender-name">
          {before}
          <strong>{name}</strong>
          {after}
        </p>
      )}
      {registration !== '' && <p className="lender-reg">{t('rbiNo', { no: registration })}</p>}
      {hasOfficer && (
        <details className="lender-grievance" open={open}>
          <summary>{t('officer')}</summary>
          <address className="lender-officer">
            {officer.name !== '' && <span>{officer.name}</span>}
            {officer.phone !== '' && (tel ? <a href={tel}>{officer.phone}</a> : <span>{officer.phone}</span>)}
            {officer.email !== '' && (mailto ? <a href={mailto}>{officer.email}</a> : <span>{officer.email}</span>)}
          </address>
        </details>
      )}
    </section>
  );
}
