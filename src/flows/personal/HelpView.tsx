import type { HelpItem } from '../../../contract/content';
import { LenderIdentity } from '../../ui/LenderIdentity';
import { Paragraphs } from '../../ui/Paragraphs';
import { useClientConfig } from '../shared/client-config';
import { helpText } from '../../../i18n/en/help';
import { useText } from '../../ui/text';
import './help.css';

/**
 * The FAQ accordion: native <details> elements, so the keyboard and screen readers work without
 * extra code. The first item starts open; a click (or Enter/Space) toggles an item.
 * Server text is rendered as text, never as HTML. After the questions: who lends, with the grievance
 * officer's contact open (the place a borrower looks for whom to complain to), unless the complaints
 * section below names the officer itself (`officer={false}`, HelpRoute).
 */
export function HelpView({ items, officer = true }: { items: readonly HelpItem[]; officer?: boolean }) {
  const config = useClientConfig();
  const t = useText(helpText);
  return (
    <>
      {items.length === 0 ? (
        <p className="empty">{t('none')}</p>
      ) : (
        <div className="faq">
          {items.map((item, i) => (
            <details key={i} className="faq-item" open={i === 0}>
              <summary>{item.title}</summary>
              <div className="faq-answer">
                <Paragraphs text={item.content} />
              </div>
            </details>
          ))}
        </div>
      )}
      {/* Without the officer here when the complaints section names it: one officer on the page. */}
      <LenderIdentity config={officer || !config ? config : { ...config, grievanceOfficer: null }} open />
    </>
  );
}
