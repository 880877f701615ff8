/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-brand-100/80 dark:bg-white/10 ${className}`} />;
}
