import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * The end of an infinitely scrolling list: fetches the next page as it scrolls into view
 * (with a screen of margin, so the page is there before the reader is), and keeps a button
 * for keyboards, screen readers and a failed fetch.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  moreLabel,
  loadingLabel,
  endLabel,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  moreLabel: string;
  loadingLabel: string;
  endLabel: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((e) => e.isIntersecting) && more && !busy) load();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="mt-10 flex justify-center">
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading} icon={loading ? <Spinner className="size-4" /> : undefined}>
          {loading ? loadingLabel : moreLabel}
        </Button>
      ) : (
        <p className="text-sm text-muted">{endLabel}</p>
      )}
    </div>
  );
}
