import { useEffect, useState } from 'react';
import { subscribeToast } from './toast';

/** Renders the current toast. Server text is rendered as text, never HTML. */
export function ToastHost() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const off = subscribeToast(setMessage);
    return () => {
      off();
    };
  }, []);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {message && <div className="toast">{message}</div>}
    </div>
  );
}
