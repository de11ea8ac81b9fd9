import { useEffect, useRef, type ReactNode } from 'react';

/** True until the first page has shown its heading: the first load leaves focus to the browser. */
let firstPage = true;

/**
 * The page's one h1. After an in-app navigation it takes keyboard focus, so screen readers
 * announce the new page and Tab continues from its top (the control that was used to navigate
 * may belong to the old page, or to the bottom nav that stays).
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
