import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../platform/static-url';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MinusIcon, PlusIcon } from '../../ui/icons';
import { clampZoom, ZOOM } from './work-rules';

const control =
  'grid size-11 cursor-pointer place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:cursor-default disabled:opacity-40';

/**
 * SCAN_IMAGE (SPEC §2): a picture full screen. Zoom with the wheel, a pinch or the buttons; drag
 * to pan while zoomed; arrows or the side buttons move through a post's pictures; Esc closes.
 */
export function ScanImage({ images, start, onClose }: { images: string[]; start: number; onClose(): void }) {
  const { t } = useTranslation('works');
  const { t: common } = useTranslation();
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<number | null>(null);
  const src = images[index];

  const zoomBy = (factor: number) =>
    setZoom((current) => {
      const next = clampZoom(current, factor);
      if (next === ZOOM.min) setOffset({ x: 0, y: 0 });
      return next;
    });
  // each picture opens fitted to the screen
  const go = (step: number) => {
    setIndex((i) => Math.min(images.length - 1, Math.max(0, i + step)));
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  };

  const onWheel = (event: WheelEvent) => zoomBy(event.deltaY < 0 ? ZOOM.step : 1 / ZOOM.step);
  const onPointerDown = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.current) zoomBy(distance / pinch.current);
      pinch.current = distance;
    } else if (zoom > 1) {
      setOffset((o) => ({ x: o.x + event.clientX - last.x, y: o.y + event.clientY - last.y }));
    }
  };
  const onPointerUp = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft') go(-1);
            if (e.key === 'ArrowRight') go(1);
          }}
          className="fixed inset-0 z-[60] flex flex-col text-white outline-none"
        >
          <div className="flex items-center gap-2 p-3">
            <Dialog.Title className="mr-auto text-sm font-medium text-white/80">{images.length > 1 ? t('viewer.position', { n: index + 1, count: images.length }) : t('viewer.title')}</Dialog.Title>
            <button type="button" className={control} onClick={() => zoomBy(1 / ZOOM.step)} disabled={zoom <= ZOOM.min} aria-label={t('viewer.zoomOut')}>
              <MinusIcon />
            </button>
            <button type="button" className={`${control} w-auto px-3 text-sm tabular-nums`} onClick={() => zoomBy(ZOOM.min / zoom)} aria-label={t('viewer.reset')}>
              {t('viewer.zoom', { percent: Math.round(zoom * 100) })}
            </button>
            <button type="button" className={control} onClick={() => zoomBy(ZOOM.step)} disabled={zoom >= ZOOM.max} aria-label={t('viewer.zoomIn')}>
              <PlusIcon />
            </button>
            <Dialog.Close className={control} aria-label={common('actions.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          {/* the side buttons sit beside the pan area, not in it: it captures the pointer while dragging */}
          <div className="relative min-h-0 flex-1">
            <div
              className="absolute inset-0 flex touch-none items-center justify-center overflow-hidden select-none"
              onWheel={onWheel}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              style={{ cursor: zoom > 1 ? 'grab' : 'default' }}
            >
              {src && (
                <img
                  src={imageUrl(src)}
                  alt=""
                  draggable={false}
                  data-testid="scan-image"
                  data-zoom={zoom}
                  className="size-full object-contain transition-transform duration-75"
                  style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
                />
              )}
            </div>
            {images.length > 1 && (
              <>
                <button type="button" className={`${control} absolute top-1/2 left-3 -translate-y-1/2`} onClick={() => go(-1)} disabled={index === 0} aria-label={t('viewer.previous')}>
                  <ChevronLeftIcon />
                </button>
                <button type="button" className={`${control} absolute top-1/2 right-3 -translate-y-1/2`} onClick={() => go(1)} disabled={index === images.length - 1} aria-label={t('viewer.next')}>
                  <ChevronRightIcon />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
