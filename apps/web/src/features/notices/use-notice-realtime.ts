import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCalls } from '../../api/keys';
import { startRealtime } from '../../api/realtime';
import { useAuthStore } from '../auth/auth-store';

/** While signed in, keeps the realtime stream open: refreshes notices when one arrives, and a generation's status when it changes. */
export function useNoticeRealtime(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.session?.token ?? null);
  useEffect(() => {
    if (!token) return;
    const refresh = () => void invalidateCalls(queryClient, ['notices']);
    let firstConnection = true;
    return startRealtime({
      onEvent: (event) => {
        if (event.event === 'notice') refresh();
        // a generation's status polls with back-off; its realtime event refreshes it at once
        if (event.event === 'job') void invalidateCalls(queryClient, [calls.avatars.status]);
      },
      // after a reconnection, notices may have arrived while the stream was down
      onConnected: () => {
        if (!firstConnection) refresh();
        firstConnection = false;
      },
    });
  }, [token, queryClient]);
}
