import { MessageScreen } from './MessageScreen';

export default function NotFound() {
  return <MessageScreen title="Page not found" message="We could not find that page." />;
}
