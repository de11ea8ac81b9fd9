import { feedbackText } from '../../../i18n/en/feedback';
import { useText } from '../../ui/text';

export interface FeedbackButtonProps {
  /** The dialog is open (aria-expanded). */
  expanded: boolean;
  onOpen: () => void;
}

/** The floating Feedback button (spec §1): above the bottom nav, on the right, clear of the safe area. */
export function FeedbackButton({ expanded, onOpen }: FeedbackButtonProps) {
  const t = useText(feedbackText);
  return (
    <button type="button" className="feedback-fab" aria-haspopup="dialog" aria-expanded={expanded} onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4 3.5V17H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm3 4v2h10V8zm0 4v2h7v-2z" fill="currentColor" />
      </svg>
      <span>{t('button')}</span>
    </button>
  );
}
