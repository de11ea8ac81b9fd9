/** Route component for /auth/basic?pid=&step=&as=: the basic-info form (src/flows/auth/AuthFormFlow.tsx). */
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { AuthFormFlow, authFormDeps } from './AuthFormFlow';
import { useStepQuery } from './step';

export default function BasicRoute() {
  const query = useStepQuery();
  const [, navigate] = useLocation();
  const deps = useMemo(() => authFormDeps('basic', query.pid, navigate), [query.pid, navigate]);
  return <AuthFormFlow kind="basic" query={query} deps={deps} />;
}
