import { calls, ErrorCode, LiveEvent, type LiveShow } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useCallOrNull } from '../../api/calls';
import { callApi, isOk } from '../../api/client';
import { callKey, setCallData } from '../../api/keys';
import { openStream } from '../../api/stream';
import { reconnectDelay } from './live-clock';
import { LiveEventBuffer } from './live-events';

/** How many recent events a viewer sees when the room opens. */
const HISTORY = 50;

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'removed' | 'closed';

export interface LiveRoom {
  show: LiveShow | null | undefined;
  loading: boolean;
  failed: boolean;
  retry(): void;
  /** The events held, oldest first. */
  events: readonly LiveEvent[];
  /** Numbers of the events that arrived while the room was open (not history): only these play. */
  fresh: Set<number>;
  viewers: number | null;
  stream: StreamState;
}

/**
 * One show as the room sees it: the show (`live/get`), its recent events and every new one from
 * its stream (`/ai/live/{id}/stream`), kept by number, reconnected with backoff from the last
 * number so nothing is missed. `onLive` hears each new event once, as it arrives.
 */
export function useLiveRoom(showId: string, onLive: (event: LiveEvent) => void): LiveRoom {
  const queryClient = useQueryClient();
  const input = { showId };
  const show = useCallOrNull(calls.live.get, input, { staleTime: Infinity, refetchOnWindowFocus: false });
  const buffer = useRef(new LiveEventBuffer());
  const fresh = useRef(new Set<number>());
  const [events, setEvents] = useState<readonly LiveEvent[]>([]);
  const [viewers, setViewers] = useState<number | null>(null);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [generation, setGeneration] = useState(0);
  const onLiveRef = useRef(onLive);
  onLiveRef.current = onLive;
  const lastSeqOfShow = show.data?.lastSeq ?? null;
  const ended = show.data?.state === 'ended';
  const hasShow = lastSeqOfShow !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the show's number and state are read when the room (re)opens, not followed: its events carry the rest
  useEffect(() => {
    if (!hasShow || lastSeqOfShow === null) return;
    let stopped = false;
    let controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let immediate = false;
    let waiting = false;
    const events = buffer.current;
    events.clear();
    fresh.current = new Set();
    setEvents([]);
    const publish = () => setEvents(events.list());
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: callKey(calls.live.get, { showId }) });
    };

    const connect = async () => {
      controller = new AbortController();
      let done = 'retry' as 'retry' | 'stop';
      try {
        const opening = await openStream(`/ai/live/${showId}/stream?after=${events.lastSeq}`, { signal: controller.signal });
        if (opening.kind === 'unauthorized') return;
        if (opening.kind === 'answer') {
          const code = opening.envelope?.code;
          if (code === ErrorCode.LIVE_REMOVED) {
            setStream('removed');
            return;
          }
          if (code === ErrorCode.LIVE_ENDED || code === ErrorCode.LIVE_NOT_FOUND) {
            setStream('closed');
            reload();
            return;
          }
          throw new Error(`live stream answered ${opening.status}`);
        }
        setStream('open');
        attempt = 0;
        await opening.read((raw) => {
          if (raw.event === 'viewers') {
            const count = (JSON.parse(raw.data) as { count?: unknown }).count;
            if (typeof count === 'number') setViewers(count);
            return;
          }
          if (raw.event === 'reset') {
            done = 'stop';
            controller.abort();
            setGeneration((g) => g + 1);
            return;
          }
          if (raw.event !== 'event') return;
          const parsed = LiveEvent.safeParse(JSON.parse(raw.data));
          if (!parsed.success) return;
          const accepted = events.accept(parsed.data);
          if (accepted === 'gap') {
            // some were missed: reconnect at once from the last number held, the server replays them
            immediate = true;
            controller.abort();
            return;
          }
          if (accepted !== 'new') return;
          fresh.current.add(parsed.data.seq);
          publish();
          onLiveRef.current(parsed.data);
          if (parsed.data.kind === 'end') done = 'stop';
        });
      } catch {
        // a dropped connection (sleep, network change, deploy) or a gap: reconnect below
      }
      if (stopped || done === 'stop') {
        if (!stopped) setStream('closed');
        return;
      }
      setStream('reconnecting');
      const delay = immediate ? 0 : reconnectDelay(attempt++);
      immediate = false;
      waiting = true;
      timer = setTimeout(() => {
        waiting = false;
        void connect();
      }, delay);
    };

    // a device that lost its network has a dead stream, however quiet: drop it, and come back as soon as the network does
    const offline = () => controller.abort();
    const online = () => {
      if (!waiting) return;
      clearTimeout(timer);
      waiting = false;
      attempt = 0;
      void connect();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);

    void (async () => {
      // after a reset the show is read again: its newest number now, not the one it opened with
      let newest = lastSeqOfShow;
      if (generation > 0) {
        const again = await callApi(calls.live.get, { showId });
        if (stopped) return;
        if (isOk(again)) {
          newest = again.data.lastSeq;
          setCallData(queryClient, calls.live.get, { showId }, again.data);
        }
      }
      const after = Math.max(0, newest - HISTORY);
      const history = await callApi(calls.live.events, { showId, after, limit: HISTORY + 10 });
      if (stopped) return;
      if (isOk(history)) events.load(history.data.items, after);
      else events.load([], after);
      publish();
      if (ended) {
        setStream('closed');
        return;
      }
      setStream('connecting');
      void connect();
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [showId, hasShow, generation, queryClient]);

  return {
    show: show.data,
    loading: show.isPending,
    failed: show.isError,
    retry: () => void show.refetch(),
    events,
    fresh: fresh.current,
    viewers,
    stream,
  };
}
