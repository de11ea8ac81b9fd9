import type { ReactNode } from 'react';
import './section-title.css';

/** A section's heading (h2) within a page: one look on every screen that has sections. */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="section-title">
      {children}
    </h2>
  );
}
