import { calls } from '@starlit/contract';
import { useEffect } from 'react';
import { useCall } from '../../api/calls';
import { useAuthStore } from './auth-store';

/** Refreshes the signed-in user's info (name, avatar, role) from /auth/me once per session. */
export function useRefreshUser(): void {
  const token = useAuthStore((state) => state.session?.token ?? null);
  const me = useCall(calls.auth.me, {}, { enabled: token !== null });
  useEffect(() => {
    if (me.data) useAuthStore.getState().userRefreshed(me.data);
  }, [me.data]);
}
