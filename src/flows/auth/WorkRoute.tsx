/** Route component for /auth/work?pid=&step=&as=: the work-info form (src/flows/auth/AuthFormFlow.tsx). */
import { AuthFormRoute } from './AuthFormFlow';

export default function WorkRoute() {
  return <AuthFormRoute kind="work" />;
}
