import type { HelpItem } from '../../../contract/content';
import { Paragraphs } from '../../ui/Paragraphs';
import './help.css';

/**
 * The FAQ accordion: native <details> elements, so the keyboard and screen readers work without
 * extra code. The first item starts open; a click (or Enter/Space) toggles an item.
 * Server text is rendered as text, never as HTML.
 */
export function HelpView({ items }: { items: readonly HelpItem[] }) {
  if (items.length === 0) return <p className="empty">No questions yet.</p>;
  return (
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
  );
}
