import { useTranslation } from 'react-i18next';
import { DanceIcon, ImageIcon, MusicIcon, SparklesIcon, TextIcon, UserIcon, VideoIcon } from '../../ui/icons';
import type { FeedItem } from './feed-types';

/** The card kind shown on a badge: agents, or a work's kind. */
export type CardKind = 'agent' | 'image' | 'video' | 'audio' | 'dance' | 'post';

/** The kind of a card. */
export function cardKind(item: FeedItem): CardKind {
  return item.type === 'agent' ? 'agent' : item.kind;
}

const kindIcons = { agent: UserIcon, image: ImageIcon, video: VideoIcon, audio: MusicIcon, dance: DanceIcon, post: TextIcon } as const;

/** "Agent", "Image", "Audio"… with its icon. */
export function TypeBadge({ kind, overlay = false }: { kind: CardKind; overlay?: boolean }) {
  const { t } = useTranslation('home');
  const Icon = kindIcons[kind];
  const look = overlay ? 'bg-brand-950/65 text-white backdrop-blur-md' : 'bg-brand-100 text-brand-800 dark:bg-white/10 dark:text-white';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide ${look}`}>
      <Icon size={12} />
      {t(`badge.${kind}`)}
    </span>
  );
}

/** "Made with: <engine>": which engine made a work (ARCHITECTURE §5 asks the UI to say so plainly). */
export function EngineBadge({ engine }: { engine: string }) {
  const { t } = useTranslation('home');
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-400/15 dark:text-amber-200">
      <SparklesIcon size={12} className="shrink-0" />
      <span className="truncate" title={t('madeWith', { engine })}>
        {t('madeWith', { engine })}
      </span>
    </span>
  );
}

/** A work's or agent's tags as small chips. */
export function TagList({ tags, max }: { tags: string[]; max?: number }) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    // spans, not a list: the card grid's list items stay the cards themselves
    <span className="flex flex-wrap gap-1">
      {shown.map((tag) => (
        <span key={tag} className="rounded-md bg-brand-50 px-1.5 py-0.5 text-[11px] text-brand-700 dark:bg-white/10 dark:text-brand-300">
          #{tag}
        </span>
      ))}
    </span>
  );
}
