/** The QA console's privacy section and its JSON view (routes/sandbox.ts): consents and deletion requests. */
import * as v from 'valibot';
import { CONSENT_PURPOSES } from '../../../contract/privacy';
import type { Queryable } from '../db';
import { listConsents, listDeletionRequests } from '../domain/privacy';
import { escapeHtml } from '../html';

export const PrivacyDecisionBody = v.object({
  decision: v.picklist(['done', 'declined'], 'decision must be done or declined'),
  reason: v.optional(v.pipe(v.string('reason must be a text'), v.maxLength(500, 'reason is at most 500 characters')), ''),
});

/** One borrower's consents and deletion requests; null when the phone has no borrower. */
export async function privacyView(db: Queryable, phone: string) {
  const user = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  const id = user.rows[0]?.id;
  if (id === undefined) return null;
  return { phone, consents: await listConsents(db, id), deletionRequests: await listDeletionRequests(db, id) };
}

export function privacyConsole(phone: string, view: Awaited<ReturnType<typeof privacyView>>, note: string | undefined): string {
  const e = escapeHtml;
  if (!view) return '';
  const consents = CONSENT_PURPOSES.map((purpose) => {
    const c = view.consents.find((x) => x.purpose === purpose);
    return `<tr><td>${e(purpose)}</td><td>${e(c?.givenAt || '–')}</td><td>${e(c?.withdrawnAt || '–')}</td></tr>`;
  }).join('');
  const requests = view.deletionRequests.length
    ? view.deletionRequests
        .map((r) => {
          const decide =
            r.state === 'received'
              ? `<form method="post" action="/sandbox/api/privacy/requests/${e(r.id)}"><input type="hidden" name="phone" value="${e(phone)}">` +
                `<label>Reason <input name="reason" maxlength="500"></label> ` +
                `<button type="submit" name="decision" value="done">Done</button> <button type="submit" name="decision" value="declined">Decline</button></form>`
              : '';
          return `<tr><td>${e(r.id)}</td><td>${e(r.state)}</td><td class="nowrap">${e(r.requestedAt)}</td><td class="nowrap">${e(r.decidedAt || '–')}</td><td>${e(r.reason)}${decide}</td></tr>`;
        })
        .join('')
    : '<tr><td colspan="5">No deletion requests.</td></tr>';
  return `<h2 id="privacy">Privacy</h2>
${note ? `<p role="status">${e(note)}</p>` : ''}
<p class="muted">Consents of ${e(phone)} (IST; data sent under a withdrawn one is refused) and their deletion requests.</p>
<table aria-label="Consents"><thead><tr><th>Consent</th><th>Given</th><th>Withdrawn</th></tr></thead><tbody>${consents}</tbody></table>
<table aria-label="Deletion requests"><thead><tr><th>Request</th><th>State</th><th>Asked</th><th>Decided</th><th>Reason / decide</th></tr></thead><tbody>${requests}</tbody></table>`;
}
