import type { GiftKey } from '@starlit/contract';
import { useId, type ReactNode } from 'react';
import type { z } from 'zod';

type Key = z.infer<typeof GiftKey>;

/** Each gift's picture, drawn on a 64 × 64 grid; `id` makes its gradients' names unique on the page. */
const PICTURES: Record<Key, (id: string) => ReactNode> = {
  heart: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}h`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff7aa8" />
          <stop offset="1" stopColor="#e11d48" />
        </linearGradient>
      </defs>
      <path d="M32 55C14 42 6 32 6 21 6 12.7 12.5 7 20 7c5.3 0 9.5 2.8 12 7 2.5-4.2 6.7-7 12-7 7.5 0 14 5.7 14 14 0 11-8 21-26 34Z" fill={`url(#${id}h)`} />
      <path d="M15 17c2-4 6-5 9-4" stroke="#fff" strokeOpacity=".7" strokeWidth="3.5" strokeLinecap="round" fill="none" />
    </>
  ),
  lollipop: (id) => (
    <>
      <defs>
        <radialGradient id={`${id}l`} cx=".4" cy=".35" r=".7">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="1" stopColor="#ffb347" />
        </radialGradient>
      </defs>
      <rect x="29.5" y="34" width="5" height="27" rx="2.5" fill="#f1e7ff" stroke="#c9b6e8" strokeWidth="1" />
      <circle cx="32" cy="24" r="19" fill={`url(#${id}l)`} />
      <path d="M32 24c0-3 4-3 4 0 0 5-8 5-8 0 0-7 12-7 12 0 0 9-16 9-16 0 0-11 20-11 20 0" fill="none" stroke="#ff5fa2" strokeWidth="3" strokeLinecap="round" />
      <path d="M20 15c2-3 5-4.5 8-5" stroke="#fff" strokeOpacity=".8" strokeWidth="3" strokeLinecap="round" fill="none" />
    </>
  ),
  beer: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}b`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd25e" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <path d="M46 24h5a8 8 0 0 1 8 8v6a8 8 0 0 1-8 8h-5" fill="none" stroke="#d9e6f2" strokeWidth="5" />
      <rect x="12" y="18" width="36" height="40" rx="5" fill={`url(#${id}b)`} stroke="#e8f1fa" strokeWidth="3" />
      <path d="M21 28v22M30 28v22M39 28v22" stroke="#fff" strokeOpacity=".45" strokeWidth="3" strokeLinecap="round" />
      <path d="M10 20c0-6 5-10 10-9 2-4 7-6 11-4 4-3 11-2 13 3 5 0 8 4 7 9-1 4-4 5-7 5H15c-3 0-5-2-5-4Z" fill="#fffaf0" />
    </>
  ),
  finger_heart: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}f`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe0c7" />
          <stop offset="1" stopColor="#f5b58e" />
        </linearGradient>
      </defs>
      <path d="M44 6c-3.5 0-6 2.5-6 5.5 0-3-2.5-5.5-6-5.5-3 0-5.5 2.5-5.5 6 0 6 7 10 11.5 13 4.5-3 11.5-7 11.5-13 0-3.5-2.5-6-5.5-6Z" fill="#ff4d7d" />
      <path d="M18 60c-4-4-6-10-5-16l4-12c1-3 5-3 6 0l1 5 8-11c2-3 6-2 6 2l-1 6 7 1c3 1 4 4 2 6l-9 11c-3 5-8 8-13 9Z" fill={`url(#${id}f)`} stroke="#d9906a" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M33 31l9 2" stroke="#d9906a" strokeWidth="1.5" strokeLinecap="round" />
    </>
  ),
  rose: (id) => (
    <>
      <defs>
        <radialGradient id={`${id}r`} cx=".5" cy=".4" r=".6">
          <stop offset="0" stopColor="#ff6b8b" />
          <stop offset="1" stopColor="#c2133f" />
        </radialGradient>
      </defs>
      <path d="M32 34v26" stroke="#2f9e5b" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 48c-8-1-13-6-14-11 7 0 12 4 14 11Z" fill="#3fbf73" />
      <path d="M32 52c7-1 11-5 12-9-6 0-10 3-12 9Z" fill="#3fbf73" />
      <path d="M16 20c0-8 7-14 16-14s16 6 16 14c0 9-7 16-16 16S16 29 16 20Z" fill={`url(#${id}r)`} />
      <path d="M24 18c2-5 6-7 10-6 4 1 6 5 4 9-2 3-6 4-8 2" fill="none" stroke="#8f0f30" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M20 24c3 5 8 7 13 6" fill="none" stroke="#8f0f30" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  balloon: (id) => (
    <>
      <defs>
        <radialGradient id={`${id}a`} cx=".35" cy=".3" r=".75">
          <stop offset="0" stopColor="#9fd8ff" />
          <stop offset="1" stopColor="#6d5dfc" />
        </radialGradient>
      </defs>
      <path d="M32 46c-2 4 3 6 0 10s2 5 0 7" fill="none" stroke="#a99bd6" strokeWidth="1.5" strokeLinecap="round" />
      <ellipse cx="32" cy="24" rx="17" ry="20" fill={`url(#${id}a)`} />
      <path d="M29 43h6l-3 4Z" fill="#6d5dfc" />
      <path d="M22 14c2-4 6-6 9-6" stroke="#fff" strokeOpacity=".75" strokeWidth="3.5" strokeLinecap="round" fill="none" />
    </>
  ),
  firework: () => (
    <>
      <g strokeLinecap="round" strokeWidth="3.5">
        <path d="M32 32V6M32 32v26M32 32H6M32 32h26" stroke="#ffcf4a" />
        <path d="M32 32 14 14M32 32l18 18M32 32l18-18M32 32 14 50" stroke="#ff5fa2" />
        <path d="M32 32l10-22M32 32 22 54M32 32l22 10M32 32 10 22" stroke="#7fdcff" strokeWidth="2" />
      </g>
      <circle cx="32" cy="32" r="5" fill="#fff7d6" />
      <g fill="#ffcf4a">
        <circle cx="32" cy="3" r="2.5" />
        <circle cx="61" cy="32" r="2.5" />
        <circle cx="32" cy="61" r="2.5" />
        <circle cx="3" cy="32" r="2.5" />
      </g>
      <g fill="#ff5fa2">
        <circle cx="12" cy="12" r="2.2" />
        <circle cx="52" cy="52" r="2.2" />
        <circle cx="52" cy="12" r="2.2" />
        <circle cx="12" cy="52" r="2.2" />
      </g>
    </>
  ),
};

/** A gift's picture; decorative unless `label` names it. */
export function GiftArt({ giftKey, size = 48, label, className }: { giftKey: Key; size?: number; label?: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} className={className} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} data-gift={giftKey}>
      {PICTURES[giftKey](id)}
    </svg>
  );
}
