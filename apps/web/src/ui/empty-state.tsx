import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
  /** Announce it (e.g. a list that just came back empty). */
  live?: boolean;
}

/** A friendly centred message for empty lists, signed-out areas and unfinished pages. */
export function EmptyState({ icon, title, body, action, live = false }: EmptyStateProps) {
  return (
    <div role={live ? 'status' : undefined} className="mx-auto flex max-w-md flex-col items-center px-6 py-14 text-center">
      {icon && <div className="mb-5 grid size-16 place-items-center rounded-2xl bg-brand-100 text-brand-700 dark:bg-white/10 dark:text-brand-300">{icon}</div>}
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {body && <p className="mt-2 text-sm leading-relaxed text-muted">{body}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
