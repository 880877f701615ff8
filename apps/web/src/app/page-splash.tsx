import { StarMark } from '../ui/icons';

/** Shown for the instant before the first route is ready. */
export function PageSplash() {
  return (
    <div className="grid min-h-dvh place-items-center bg-brand-900">
      <span className="animate-pulse">
        <StarMark size={48} />
      </span>
    </div>
  );
}
