/** Route component for /product/{pid}/denied?day=&hour=: the wait read from the query, the view. */
import { useState } from 'react';
import { useSearch } from 'wouter';
import { waitFromQuery } from '../../../machines/application/denied.rules';
import { DeniedView } from './DeniedView';

export default function DeniedRoute() {
  const search = useSearch();
  // Read once, when the page opens: the countdown starts then.
  const [waitMs] = useState(() => waitFromQuery(search));
  return <DeniedView waitMs={waitMs} />;
}
