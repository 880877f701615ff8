import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../../i18n/i18n';
import { compactCount } from './reaction-state';
import type { ReactionShown } from './reaction-state';

const tones = {
  like: 'text-rose-500 dark:text-rose-400',
  collect: 'text-amber-500 dark:text-amber-400',
} as const;

/** The look shared by the like and collect buttons: an icon, the count, a pressed state. */
export function ReactionButton(props: {
  tone: keyof typeof tones;
  shown: ReactionShown;
  busy: boolean;
  label: string;
  countLabel: string;
  icon(filled: boolean): ReactNode;
  onToggle(): void;
  size?: 'sm' | 'md';
}) {
  const { i18n } = useTranslation();
  const { shown, size = 'md' } = props;
  return (
    <button
      type="button"
      aria-pressed={shown.on}
      aria-label={props.label}
      aria-busy={props.busy || undefined}
      title={props.countLabel}
      onClick={(event) => {
        // inside a card that opens the work, a toggle is not a click on the card
        event.stopPropagation();
        props.onToggle();
      }}
      className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-line bg-surface font-medium tabular-nums transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-white/5 ${
        size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3.5 py-1.5 text-sm'
      } ${shown.on ? tones[props.tone] : 'text-muted'}`}
    >
      {props.icon(shown.on)}
      <span aria-hidden="true">{compactCount(shown.count, htmlLang(i18n.language))}</span>
    </button>
  );
}
