import type { ReactNode } from 'react';

/**
 * The card grid. Its columns follow SPEC §9 (5, then 4 at ≤1280 px, 3 at ≤1024, 2 at ≤768)
 * through the media queries of `.card-grid` in styles.css, the same rule as `gridColumns`.
 */
export function Grid({ children, label, busy = false }: { children: ReactNode; label?: string; busy?: boolean }) {
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className="card-grid">
      {children}
    </ul>
  );
}
