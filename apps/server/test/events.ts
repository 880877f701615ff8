// Reading the server's event streams in tests with the one SSE parser the clients use.
import { eventReader, type RawEvent } from '@starlit/contract/sse';

/** Every event of a whole stream body (an injected response's text). */
export const eventsOf = (body: string): RawEvent[] => eventReader()(body);

/** An open event stream (a fetch response), read as far as a test needs. */
export function openEvents(res: Response) {
  if (!res.body) throw new Error(`no event stream: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const take = eventReader();
  const seen: RawEvent[] = [];
  let searched = 0;
  return {
    /** Waits for the first bytes, which the server writes as soon as the stream is open. */
    async opened(): Promise<void> {
      const first = await reader.read();
      if (first.done) throw new Error('the stream ended at once');
      seen.push(...take(first.value));
    },
    /** Reads on until an event named `name` arrives; answers it. */
    async next(name: string): Promise<RawEvent> {
      for (;;) {
        const found = seen.slice(searched).findIndex((e) => e.event === name);
        if (found >= 0) {
          searched += found + 1;
          return seen[searched - 1];
        }
        searched = seen.length;
        const read = await reader.read();
        if (read.done) throw new Error(`the stream ended before a ${name} event (read: ${seen.map((e) => e.event).join(', ') || 'none'})`);
        seen.push(...take(read.value));
      }
    },
    /** The events read so far, in order. */
    seen: () => [...seen],
    cancel: () => reader.cancel(),
  };
}
