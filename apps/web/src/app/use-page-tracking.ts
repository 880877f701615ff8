import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { reportEvent } from '../platform/analytics';
import { isRouteHandle } from './routes';

/** Reports a page load for every route change, except on pages that opt out (SPEC §2). */
export function usePageTracking(): void {
  const location = useLocation();
  const matches = useMatches();
  const reported = useRef<string | null>(null);
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);

  useEffect(() => {
    // StrictMode runs effects twice; one navigation is one page load
    if (!handle || reported.current === location.key) return;
    reported.current = location.key;
    if (!handle.trackPageLoad) return;
    const subPageId = new URLSearchParams(location.search).get('tab') ?? undefined;
    reportEvent('page_load', { pageId: handle.pageId, subPageId });
  }, [handle, location.key, location.search]);
}
