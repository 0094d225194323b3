import type { ReactNode } from 'react';

/** One fact of a description list (a <dl>): its name (dt) over its value (dd, of `className`). */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
