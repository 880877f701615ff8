import type { GiftKey } from '@starlit/contract';
import type { CSSProperties } from 'react';
import type { z } from 'zod';
import { GiftArt } from './gift-art';

/** Where each spark of the burst flies to, in px from the gift's centre. */
const SPARKS = [
  [-70, -60],
  [70, -60],
  [-90, 10],
  [90, 10],
  [-50, 70],
  [50, 70],
  [0, -95],
  [0, 90],
] as const;

/**
 * The send animation: the gift pops up big, sparks fly out, and it floats away (CSS in
 * styles.css). With reduced motion it only fades in and out in place. `onDone` runs when it ends.
 */
export function GiftBurst({ giftKey, count, onDone }: { giftKey: z.infer<typeof GiftKey>; count: number; onDone(): void }) {
  return (
    <div className="pointer-events-none fixed inset-0 z-[60] grid place-items-center" data-testid="gift-burst" aria-hidden="true">
      <div className="gift-burst relative grid place-items-center" onAnimationEnd={(event) => event.target === event.currentTarget && onDone()}>
        {SPARKS.map(([x, y]) => (
          <span
            key={`${x},${y}`}
            className="gift-spark absolute size-3 rounded-full bg-amber-300 shadow-[0_0_12px_#fcd34d]"
            style={{ '--spark-x': `${x}px`, '--spark-y': `${y}px` } as CSSProperties}
          />
        ))}
        <GiftArt giftKey={giftKey} size={160} className="drop-shadow-[0_8px_24px_rgba(109,93,252,0.45)]" />
        {count > 1 && <span className="absolute -right-6 bottom-2 rounded-full bg-brand-600 px-3 py-1 text-xl font-bold text-white shadow-lg">× {count}</span>}
      </div>
    </div>
  );
}
