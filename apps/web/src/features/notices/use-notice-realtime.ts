import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startRealtime } from '../../api/realtime';
import { useAuthStore } from '../auth/auth-store';
import { NOTICES_KEY } from './notice-queries';

/** While signed in, keeps the realtime stream open and refreshes notices when one arrives. */
export function useNoticeRealtime(): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.session?.token ?? null);
  useEffect(() => {
    if (!token) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    let firstConnection = true;
    return startRealtime({
      onEvent: (event) => {
        if (event.event === 'notice') refresh();
      },
      // after a reconnection, notices may have arrived while the stream was down
      onConnected: () => {
        if (!firstConnection) refresh();
        firstConnection = false;
      },
    });
  }, [token, queryClient]);
}
