import { characterCount } from '@starlit/contract/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Longest allowed text in characters; shows a live counter. */
  max?: number;
  /** A translated message to show under the field. */
  error?: string | null;
  placeholder?: string;
  rows?: number;
  className?: string;
}

export const inputClass =
  'w-full min-w-0 rounded-xl border border-line bg-surface px-3.5 py-2.5 text-sm text-ink placeholder:text-muted/70 ' +
  'focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-[invalid=true]:border-red-500';

/** A labelled text box or area with a character counter and its validation message. */
export function TextField({ label, value, onChange, max, error, placeholder, rows, className = '' }: TextFieldProps) {
  const { t } = useTranslation('agents');
  const id = useId();
  const count = characterCount(value);
  const over = max !== undefined && count > max;
  const describedBy = [max !== undefined ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, value, placeholder, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, className: inputClass };
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {max !== undefined && (
          <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? 'font-semibold text-red-600' : 'text-muted'}`}>
            {t('fields.counter', { count, max })}
          </span>
        )}
      </div>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} className={`${inputClass} resize-y leading-relaxed`} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
