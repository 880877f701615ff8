import { LIMITS } from './constants.ts';

/** A debounced function that can also be cancelled. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Calls `fn` once `wait` ms (default 300, SPEC §9) have passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number = LIMITS.defaultDebounceMs): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
