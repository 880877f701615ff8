/** A labelled progress bar for an upload; the label carries the percentage. */
export function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  return (
    <div className="flex flex-col gap-1.5" role="status">
      <span className="text-sm text-muted">{label}</span>
      <progress value={Math.round(fraction * 100)} max={100} aria-label={label} className="h-2 w-full overflow-hidden rounded-full accent-brand-600" />
    </div>
  );
}
