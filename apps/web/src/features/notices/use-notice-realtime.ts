import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCalls } from '../../api/keys';
import { startRealtime } from '../../api/realtime';
import { useAuthStore } from '../auth/auth-store';

/** While signed in, keeps the realtime stream open: refreshes notices when one arrives, a generation's status and a creation's or daily task's progress when they change. */
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
        // a creation's progress and end are pushed as they happen (the studio polls slowly otherwise)
        if (event.event === 'creation') void invalidateCalls(queryClient, [calls.creation.get, calls.creation.list]);
        // a daily task's steps, end and publish are pushed too: its screen, list and overview follow them
        if (event.event === 'daily_task') void invalidateCalls(queryClient, ['dailyTasks', 'works', 'home', 'users']);
      },
      // after a reconnection, notices may have arrived while the stream was down
      onConnected: () => {
        if (!firstConnection) refresh();
        firstConnection = false;
      },
    });
  }, [token, queryClient]);
}
