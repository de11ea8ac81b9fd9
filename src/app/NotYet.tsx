import { MessageScreen } from './MessageScreen';
import { findRoute } from './routes';

/** The one placeholder: routes whose screens later issues build (the README lists them). */
export default function NotYet() {
  const title = findRoute(window.location.pathname)?.route.title ?? 'Not available';
  return <MessageScreen title={title} message="This screen is not available yet." />;
}
