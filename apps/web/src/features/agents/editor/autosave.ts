import { LIMITS } from '@starlit/contract/rules';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface AutosaveOptions<T extends object> {
  /** Saves the edits; answers whether the server accepted them. */
  save(edits: Partial<T>): Promise<boolean>;
  onState(state: SaveState): void;
  delayMs?: number;
}

/**
 * A debounced save queue: edits merge while the user types, one request runs at a time, and
 * a failed request puts its edits back (under anything typed meanwhile) for a retry.
 */
export function createAutosave<T extends object>({ save, onState, delayMs = LIMITS.defaultDebounceMs }: AutosaveOptions<T>) {
  let pending: Partial<T> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  const hasPending = () => Object.keys(pending).length > 0;

  const run = async (): Promise<void> => {
    if (running) {
      await running;
      return run();
    }
    if (!hasPending()) return;
    const sent = pending;
    pending = {};
    onState('saving');
    running = (async () => {
      const ok = await save(sent).catch(() => false);
      running = null;
      if (ok) {
        if (hasPending()) schedule();
        else onState('saved');
      } else {
        pending = { ...sent, ...pending };
        onState('failed');
      }
    })();
    await running;
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, delayMs);
  };

  return {
    edit(patch: Partial<T>) {
      pending = { ...pending, ...patch };
      schedule();
    },
    /** Saves now what is waiting (the retry button, leaving the page). */
    flush(): Promise<void> {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      return run();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
export type Autosave<T extends object> = ReturnType<typeof createAutosave<T>>;
