import { characterCount, displayWidth } from '@starlit/contract/rules';
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** The look of every text box, text area and select. */
export const inputClass =
  'w-full min-w-0 rounded-xl border border-line bg-surface px-3.5 py-2.5 text-sm text-ink placeholder:text-muted/70 ' +
  'focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-[invalid=true]:border-red-500';

/** What a field gives its control so label, counter and message belong to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** A translated message to show under the control (see useRuleMessage for contract rules). */
  error?: string | null;
  /** The text and its limit in characters, for a live counter beside the label. */
  count?: { text: string; max: number; by?: 'characters' | 'width' };
  className?: string;
  children(control: ControlProps): ReactNode;
}

/** A labelled control with an optional character counter and its validation message. */
export function Field({ label, error, count, className = '', children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const counted = !count ? 0 : count.by === 'width' ? displayWidth(count.text.trim()) : characterCount(count.text);
  const describedBy = [count ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {count && (
          <span id={`${id}-count`} className={`text-xs tabular-nums ${counted > count.max ? 'font-semibold text-red-600' : 'text-muted'}`}>
            {t(count.by === 'width' ? 'form.widthCounter' : 'form.counter', { count: counted, max: count.max })}
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Longest allowed text in characters (or in display width, `by: 'width'`); shows a live counter. */
  max?: number;
  /** How `max` measures: characters, or display width where a Chinese character counts 2 (SPEC §5). */
  by?: 'characters' | 'width';
  error?: string | null;
  className?: string;
}

/** A labelled one-line text box. Other input attributes (placeholder, required, maxLength) pass through. */
export function TextField({ label, value, onChange, max, by, error, className, ...native }: TextProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'id'>) {
  return (
    <Field label={label} error={error} count={max === undefined ? undefined : { text: value, max, by }} className={className}>
      {(control) => <input {...native} {...control} type="text" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />}
    </Field>
  );
}

/** A labelled text area that grows by dragging. Other textarea attributes (rows, placeholder, required) pass through. */
export function TextArea({ label, value, onChange, max, by, error, className, ...native }: TextProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'className' | 'id'>) {
  return (
    <Field label={label} error={error} count={max === undefined ? undefined : { text: value, max, by }} className={className}>
      {(control) => <textarea {...native} {...control} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} resize-y leading-relaxed`} />}
    </Field>
  );
}

/** A labelled choice from a short list. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  error,
  className,
}: {
  label: string;
  value: V | '';
  onChange(value: V | ''): void;
  options: readonly { value: V | ''; label: string }[];
  error?: string | null;
  className?: string;
}) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? '')} className={inputClass}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A message under a group of controls: an error (announced) or a quiet note. */
export function FieldMessage({ text, tone = 'error' }: { text: string | null | undefined; tone?: 'error' | 'info' }) {
  if (!text) return null;
  if (tone === 'info') return <p className="text-sm text-muted">{text}</p>;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {text}
    </p>
  );
}
