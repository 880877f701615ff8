import { calls } from '@starlit/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestData } from '../../api/query';
import { useAuthStore } from './auth-store';

/** Refreshes the signed-in user's info (name, avatar, role) from /auth/me once per session. */
export function useRefreshUser(): void {
  const token = useAuthStore((state) => state.session?.token ?? null);
  const me = useQuery({
    queryKey: ['auth', 'me', token],
    queryFn: ({ signal }) => requestData(calls.auth.me, {}, signal),
    enabled: token !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (me.data) useAuthStore.getState().userRefreshed(me.data);
  }, [me.data]);
}
