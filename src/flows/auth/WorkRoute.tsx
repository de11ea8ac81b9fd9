/** Route component for /auth/work?pid=&step=&as=: the work-info form (src/flows/auth/AuthFormFlow.tsx). */
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { AuthFormFlow, authFormDeps } from './AuthFormFlow';
import { useStepQuery } from './step';

export default function WorkRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo(() => authFormDeps('work', query.pid, navigate), [query.pid, navigate]);
  return <AuthFormFlow kind="work" query={query} deps={deps} />;
}
