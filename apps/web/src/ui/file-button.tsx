import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';

export interface FileButtonProps {
  label: ReactNode;
  accept: string;
  disabled?: boolean;
  onFile(file: File | undefined): void;
}

/**
 * A file input that looks like the app's buttons and names the chosen file in the page's
 * language (the browser's own control says "Choose File / No file chosen" in its language).
 * The real input stays inside the label, so the label names it and clicks reach it.
 */
export function FileButton({ label, accept, disabled = false, onFile }: FileButtonProps) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState('');
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <span className="flex min-w-0 items-center gap-3">
        <input
          type="file"
          accept={accept}
          disabled={disabled}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            setFileName(file?.name ?? '');
            onFile(file);
          }}
        />
        <span
          aria-hidden="true"
          className={buttonClass(
            'secondary',
            'sm',
            'shrink-0 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          {t('file.choose')}
        </span>
        <span className="min-w-0 truncate text-muted">{fileName || t('file.none')}</span>
      </span>
    </label>
  );
}
