import { useEffect } from 'react';

/** Sets the browser tab's title to "<page> · Starlit" (or just "Starlit"). */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · Starlit` : 'Starlit';
  }, [pageTitle]);
}
