/**
 * The privacy centre (/personal/privacy, from Account; machines/privacy): what the app collects and
 * why, each consent with its date and Withdraw (or Allow again), deletion requests and their state,
 * and the privacy policy. What the app collects and the policy need no call, so they show at once,
 * whatever the lender offers.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConsentPurpose, DeletionRequest } from '../../../contract/privacy';
import { commonText } from '../../../i18n/en/common';
import { privacyText, type PrivacyKey } from '../../../i18n/en/privacy';
import { privacyMachine } from '../../../machines/privacy/privacy.machine';
import { canWithdraw, consentRows, consentStatus, givenHere } from '../../../machines/privacy/privacy.rules';
import { paths } from '../../../machines/shared/paths';
import { inspect } from '../../lib/inspect';
import { localConsents } from '../../lib/consents';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatTime } from '../../ui/dates';
import { Screen } from '../../ui/Screen';
import { LoadError, Loading } from '../../ui/Status';
import { useText } from '../../ui/text';
import { privacyEffects } from './privacy.effects';
import './privacy.css';
import { useProvided } from '../shared/effects';

export type PrivacyActor = ActorRefFrom<typeof privacyMachine>;

export default function PrivacyRoute() {
  const machine = useProvided(privacyMachine, () => privacyEffects());
  return <PrivacyFlow machine={machine} />;
}

/** The centre with its machine provided (the route's effects, or a test's fakes); the device's consents read once. */
export function PrivacyFlow({ machine }: { machine: typeof privacyMachine }) {
  const [device] = useState(() => localConsents.list());
  const actor = useActorRef(machine, { input: { device }, inspect });
  return <PrivacyView actor={actor} />;
}

const PURPOSE: Record<ConsentPurpose, PrivacyKey> = { identity: 'purposeIdentity', face: 'purposeFace', location: 'purposeLocation', device: 'purposeDevice' };
const AFTER: Record<ConsentPurpose, PrivacyKey> = { identity: 'afterIdentity', face: 'afterFace', location: 'afterLocation', device: 'afterDevice' };
const COLLECTED: PrivacyKey[] = ['collectedIdentity', 'collectedFace', 'collectedForms', 'collectedContacts', 'collectedBank', 'collectedLocation', 'collectedDevice'];
const POLICY: PrivacyKey[] = ['policyWho', 'policyUse', 'policyShare', 'policyKeep', 'policyRights'];

export function PrivacyView({ actor }: { actor: PrivacyActor }) {
  const t = useText(privacyText);
  return (
    <Screen title={t('title')} backTo={paths.personal.href()} className="privacy">
      <p className="privacy-intro">{t('intro')}</p>
      <section className="card privacy-section" aria-labelledby="privacy-collected">
        <h2 id="privacy-collected">{t('collectedHeading')}</h2>
        <ul>
          {COLLECTED.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
      <Consents actor={actor} />
      <Deletion actor={actor} />
      <section className="card privacy-section" aria-labelledby="privacy-policy">
        <h2 id="privacy-policy">{t('policyHeading')}</h2>
        {POLICY.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </section>
    </Screen>
  );
}

function Consents({ actor }: { actor: PrivacyActor }) {
  const t = useText(privacyText);
  const phase = useSelector(actor, (s) => (s.hasTag('busy') ? 'busy' : s.hasTag('failed') ? 'failed' : s.hasTag('local') ? 'local' : 'ready'));
  const error = useSelector(actor, (s) => s.context.error);
  const lender = useSelector(actor, (s) => s.context.consents);
  const device = useSelector(actor, (s) => s.context.device);
  const saving = useSelector(actor, (s) => (s.hasTag('saving') ? s.context.pending?.purpose ?? null : null));
  const changed = useSelector(actor, (s) => s.context.changed);
  const status = useSelector(actor, (s) => s.context.status);
  // In the local state the device's record is the record; with the lender, its record comes first.
  const rows = consentRows(phase === 'local' ? [] : lender, device);
  const line = status ? t.said(status) : changed ? t(changed.given ? 'allowed' : 'withdrawn', { purpose: t(PURPOSE[changed.purpose]) }) : '';
  return (
    <section className="card privacy-section" aria-labelledby="privacy-consents">
      <h2 id="privacy-consents">{t('consentsHeading')}</h2>
      {phase === 'busy' && <Loading label={t('loading')} />}
      {phase === 'failed' && <LoadError message={t.said(error ?? { key: 'loadFailed' })} onRetry={() => actor.send({ type: 'privacy.retried' })} />}
      {(phase === 'ready' || phase === 'local') && (
        <>
          {phase === 'local' && <p className="muted">{t('consentsLocalNote')}</p>}
          <p className="privacy-status" role="status">
            {line}
          </p>
          <ul className="privacy-consents">
            {rows.map(({ purpose, item }) => {
              const state = consentStatus(purpose, item);
              const name = t(PURPOSE[purpose]);
              return (
                <li key={purpose} className="privacy-consent">
                  <p className="privacy-consent-name">{name}</p>
                  <p className="muted">
                    {(state === 'given' || state === 'withdrawn') && item?.givenAt ? t('givenAt', { time: formatTime(item.givenAt) }) : null}
                    {state === 'withdrawn' && item?.givenAt ? ' · ' : null}
                    {state === 'withdrawn' && item ? t('withdrawnAt', { time: formatTime(item.withdrawnAt) }) : null}
                    {state === 'notGiven' ? t('notGiven') : null}
                    {state === 'on' ? t('deviceOn') : null}
                  </p>
                  {state === 'withdrawn' && <p className="muted">{t(AFTER[purpose])}</p>}
                  {canWithdraw(state) && (
                    <Button variant="secondary" busy={saving === purpose} aria-label={t('withdrawPurpose', { purpose: name })} onClick={() => actor.send({ type: 'consent.withdrawn', purpose })}>
                      {t('withdraw')}
                    </Button>
                  )}
                  {state === 'withdrawn' && givenHere(purpose) && (
                    <Button variant="secondary" busy={saving === purpose} aria-label={t('allowAgainPurpose', { purpose: name })} onClick={() => actor.send({ type: 'consent.given', purpose })}>
                      {t('allowAgain')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function Deletion({ actor }: { actor: PrivacyActor }) {
  const t = useText(privacyText);
  const common = useText(commonText);
  const phase = useSelector(actor, (s) => (s.hasTag('ready') ? 'ready' : s.hasTag('local') ? 'local' : 'other'));
  const requests = useSelector(actor, (s) => s.context.requests);
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const requesting = useSelector(actor, (s) => s.hasTag('requesting'));
  const canAsk = useSelector(actor, (s) => s.can({ type: 'deletion.asked' }));
  const said = useSelector(actor, (s) => s.context.deletionStatus);
  return (
    <section className="card privacy-section" aria-labelledby="privacy-deletion">
      <h2 id="privacy-deletion">{t('deletionHeading')}</h2>
      <p>{t('deletionIntro')}</p>
      {phase === 'local' && <p>{t('deletionNotOffered')}</p>}
      {phase === 'ready' && (
        <>
          {said && !asking && (
            <p className="privacy-status" role="status">
              {t.said(said)}
            </p>
          )}
          {requests.length > 0 && (
            <ul className="privacy-requests">
              {requests.map((r) => (
                <li key={r.id}>
                  <RequestLine request={r} />
                </li>
              ))}
            </ul>
          )}
          {canAsk && (
            <Button variant="secondary" block aria-haspopup="dialog" onClick={() => actor.send({ type: 'deletion.asked' })}>
              {t('deletionAsk')}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('deletionQuestion')}
        keepLabel={common('cancel')}
        onKeep={() => actor.send({ type: 'deletion.cancelled' })}
        actLabel={t('deletionSend')}
        onAct={() => actor.send({ type: 'deletion.confirmed' })}
        busy={requesting}
      >
        <p>{t('deletionConsequence')}</p>
      </ConfirmDialog>
    </section>
  );
}

function RequestLine({ request }: { request: DeletionRequest }) {
  const t = useText(privacyText);
  const key: PrivacyKey = request.state === 'done' ? 'deletionDone' : request.state === 'declined' ? 'deletionDeclined' : 'deletionReceived';
  const time = formatTime(request.state === 'received' ? request.requestedAt : request.decidedAt);
  return (
    <>
      <span>{t(key, { time })}</span>
      {request.reason && <span className="muted"> {t('deletionReason', { reason: request.reason })}</span>}
    </>
  );
}
