/**
 * The effects of the borrower's documents: the list or one document (beyond the spec) and the
 * grievance officer (the client config, read once per session), side by side; the print dialog.
 */
import type { DocumentsData, documentsMachine } from '../../../machines/documents/documents.machine';
import { getDocument, listDocuments } from '../../api/documents';
import { fromCall } from '../../lib/abortable';
import { clientConfig } from '../shared/client-config';
import type { Effects } from '../shared/effects';

export function documentsEffects({ print = () => window.print() }: { print?: () => void } = {}): Effects<typeof documentsMachine> {
  return {
    actors: {
      // The officer is not worth failing the page for: without it the page says to contact the lender.
      loadDocuments: fromCall(async ({ docId }, signal): Promise<DocumentsData> => {
        const [page, config] = await Promise.all([
          docId === null
            ? listDocuments({ signal }).then((a) => (a.offered ? { offered: true as const, value: { documents: a.value } } : a))
            : getDocument(docId, { signal }).then((a) => (a.offered ? { offered: true as const, value: { document: a.value } } : a)),
          clientConfig.fetch().catch(() => null),
        ]);
        return { page, officer: config?.grievanceOfficer ?? null };
      }),
    },
    actions: { print: () => print() },
  };
}
