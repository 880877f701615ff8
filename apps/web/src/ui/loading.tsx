import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a page or list shows while it loads: skeleton blocks shaped like the content to come,
 * announced as "Loading" to screen readers. Pair with EmptyState and LoadFailed for the other states.
 */
export function Loading({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('actions.loading')} className={className}>
      {children}
    </div>
  );
}
