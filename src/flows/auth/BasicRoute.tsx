/** Route component for /auth/basic?pid=&step=&as=: the basic-info form (src/flows/auth/AuthFormFlow.tsx). */
import { AuthFormRoute } from './AuthFormFlow';

export default function BasicRoute() {
  return <AuthFormRoute kind="basic" />;
}
