import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../app/app-store';

/**
 * The share address of a work is the page it was opened on plus `?work=<id>`: clicked, the
 * detail opens over that page; pasted into a new tab, the same address opens it over the same
 * page (home for a shared link). Any page can carry it, so no route of SPEC §2 changes.
 */
export const WORK_PARAM = 'work';

/** The search string of `search` with the work set (or removed, for null). */
export function withWork(search: string, workId: string | null): string {
  const params = new URLSearchParams(search);
  if (workId) params.set(WORK_PARAM, workId);
  else params.delete(WORK_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The full share address of a work, for copying: the app's own address with the home route. */
export function shareUrl(workId: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#/${withWork('', workId)}`;
}

/** Opens a work's detail over the current page, as a new history entry (Back closes it). */
export function useOpenWork(): (workId: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (workId) => void navigate({ pathname: location.pathname, search: withWork(location.search, workId) });
}

/** Closes the detail, leaving the page it was opened over. */
export function useCloseWork(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => void navigate({ pathname: location.pathname, search: withWork(location.search, null) }, { replace: true });
}

/** Keeps the WORK_DETAIL modal in step with the address; mounted once by the layout. */
export function useWorkAddress(): void {
  const { search } = useLocation();
  const openWork = useAppStore((s) => s.openWork);
  const closeWork = useAppStore((s) => s.closeWork);
  const shown = useAppStore((s) => s.workDetail);
  const wanted = new URLSearchParams(search).get(WORK_PARAM);
  useEffect(() => {
    if (wanted === shown) return;
    if (wanted) openWork(wanted);
    else closeWork();
  }, [wanted, shown, openWork, closeWork]);
}
