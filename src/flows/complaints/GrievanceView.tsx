/**
 * Whom to complain to, always on Help (Digital Lending Directions 2025): the grievance officer's
 * name, phone and e-mail from the client config, each 'Not provided by the lender' when the config
 * lacks it, and the RBI Ombudsman route (the Complaint Management System, 14448).
 */
import { useId } from 'react';
import type { ClientConfig } from '../../../contract/content';
import { complaintsText } from '../../../i18n/en/complaints';
import { RBI_CMS_URL, RBI_PHONE } from '../../../machines/complaints/complaints.rules';
import { mailtoHref, telHref } from '../../ui/LenderIdentity';
import { useText } from '../../ui/text';

export function GrievanceView({ config }: { config: ClientConfig | null }) {
  const t = useText(complaintsText);
  const officerId = useId();
  const rbiId = useId();
  const clean = (s: string | undefined) => (s ?? '').trim();
  const name = clean(config?.grievanceOfficer?.name);
  const phone = clean(config?.grievanceOfficer?.phone);
  const email = clean(config?.grievanceOfficer?.email);
  const tel = telHref(phone);
  const mailto = mailtoHref(email);
  const missing = <span className="grievance-missing">{t('notProvided')}</span>;
  return (
    <>
      <section className="grievance" aria-labelledby={officerId}>
        <h3 id={officerId}>{t('officer')}</h3>
        <dl className="grievance-officer">
          <div>
            <dt>{t('officerName')}</dt>
            <dd>{name || missing}</dd>
          </div>
          <div>
            <dt>{t('officerPhone')}</dt>
            <dd>{phone ? tel ? <a href={tel}>{phone}</a> : phone : missing}</dd>
          </div>
          <div>
            <dt>{t('officerEmail')}</dt>
            <dd>{email ? mailto ? <a href={mailto}>{email}</a> : email : missing}</dd>
          </div>
        </dl>
      </section>
      <section className="grievance" aria-labelledby={rbiId}>
        <h3 id={rbiId}>{t('rbiHeading')}</h3>
        <p>{t('rbiRoute')}</p>
        <RbiLinks />
      </section>
    </>
  );
}

/** The Complaint Management System and the RBI's number, as links. */
export function RbiLinks() {
  const t = useText(complaintsText);
  return (
    <p className="grievance-links">
      <a href={RBI_CMS_URL} target="_blank" rel="noopener noreferrer">
        {t('rbiLink')}
      </a>
      <a href={`tel:${RBI_PHONE}`}>{t('rbiCall')}</a>
    </p>
  );
}
