import { useEffect, useRef } from 'react';

/**
 * Calls `load` whenever the element comes into view while `enabled` (the "load more" button of
 * an infinite list): readers who scroll get the next page without clicking, and the button
 * stays for keyboards and for browsers without IntersectionObserver.
 */
export function useLoadWhenSeen<E extends Element>(enabled: boolean, load: () => void) {
  const ref = useRef<E>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
