import { truncateByWidth } from '@starlit/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { DanceIcon, MusicIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import type { FeedItem } from './feed-types';
import { cardKind, EngineBadge, TagList, TypeBadge, type CardKind } from './work-badges';
import { useOpenWork } from '../works/work-address';

/** Titles are cut by display width (a Chinese character counts 2, SPEC §5). */
const TITLE_WIDTH = 26;
const CARD_IMAGE_WIDTH = 400;

const placeholderTints: Record<CardKind, string> = {
  agent: 'from-brand-700 to-brand-500',
  image: 'from-brand-800 to-fuchsia-600',
  video: 'from-indigo-800 to-sky-600',
  audio: 'from-brand-900 via-brand-700 to-rose-500',
  dance: 'from-indigo-950 via-brand-700 to-fuchsia-500',
  post: 'from-brand-50 to-brand-100 dark:from-brand-800 dark:to-brand-700',
};

/** A sound or a dance with no cover: its icon, a piece's waveform picture when it has one, and its text. */
function PlayableFace({ kind, waveform, body }: { kind: 'audio' | 'dance'; waveform: string | null; body: string }) {
  const [broken, setBroken] = useState(false);
  const Icon = kind === 'dance' ? DanceIcon : MusicIcon;
  return (
    <span className="flex size-full flex-col items-center justify-center gap-4 p-4 text-white/85">
      <Icon size={48} />
      {waveform && !broken && (
        <img
          src={imageUrl(waveform, CARD_IMAGE_WIDTH)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="aspect-[5/1] w-full rounded-lg object-cover shadow-lg shadow-black/30 ring-1 ring-white/15"
        />
      )}
      {body && <span className="line-clamp-3 text-center text-sm leading-relaxed">{body}</span>}
    </span>
  );
}

function CardMedia({ item }: { item: FeedItem }) {
  const [broken, setBroken] = useState(false);
  const kind = cardKind(item);
  const src = item.type === 'agent' ? item.avatar : item.cover;
  const body = item.type === 'agent' ? item.intro : item.description;
  const waveform = item.type === 'work' ? item.waveform : null;
  return (
    <span className={`relative block aspect-[4/5] overflow-hidden bg-gradient-to-br ${placeholderTints[kind]}`}>
      {src && !broken ? (
        <img
          src={imageUrl(src, CARD_IMAGE_WIDTH)}
          srcSet={`${imageUrl(src, CARD_IMAGE_WIDTH)} 1x, ${imageUrl(src, CARD_IMAGE_WIDTH * 2)} 2x`}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
        />
      ) : kind === 'audio' || kind === 'dance' ? (
        <PlayableFace kind={kind} waveform={waveform} body={body} />
      ) : (
        <span className={`flex size-full items-end px-4 pt-11 pb-4 text-left text-xs leading-relaxed sm:text-sm ${kind === 'post' ? 'text-ink/80' : 'text-white/85'}`}>
          <span className="line-clamp-[7]">{body}</span>
        </span>
      )}
      <span className="absolute top-2.5 left-2.5">
        <TypeBadge kind={kind} overlay />
      </span>
    </span>
  );
}

const cardLook =
  'group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface text-left shadow-sm transition ' +
  'hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lg hover:shadow-brand-900/10 has-[.card-open:focus-visible]:outline-2 has-[.card-open:focus-visible]:outline-offset-2 has-[.card-open:focus-visible]:outline-brand-500';
// the card's own control covers the whole card (its ::after), so the author link can sit on top without nesting one control in another
const cardOpen = 'card-open line-clamp-1 w-full cursor-pointer text-left outline-none after:absolute after:inset-0 after:content-[""]';

/** One card of the home grid: agents link to their agent center, works open the work detail, the author links to their profile. */
export function FeedCard({ item }: { item: FeedItem }) {
  const { t } = useTranslation('home');
  const openWork = useOpenWork();
  const metaId = useId();
  const title = item.type === 'agent' ? item.nickname : item.name;
  const person = item.type === 'agent' ? item.owner : item.author;
  const name = truncateByWidth(title, TITLE_WIDTH);
  return (
    <li className="min-w-0">
      <div className={cardLook}>
        <CardMedia item={item} />
        <span className="flex flex-1 flex-col gap-2 p-3.5">
          <span className="font-semibold text-ink" title={title}>
            {item.type === 'agent' ? (
              <Link to={`/agentcenter/${item.id}`} aria-label={title} aria-describedby={metaId} className={cardOpen}>
                {name}
              </Link>
            ) : (
              <button type="button" onClick={() => openWork(item.id)} aria-label={title} aria-describedby={metaId} className={cardOpen}>
                {name}
              </button>
            )}
          </span>
          <span id={metaId} className="flex min-w-0 items-center text-xs text-muted">
            <Link
              to={`/usercenter/${person.userId}`}
              className="relative z-10 flex min-w-0 items-center gap-1.5 rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:text-brand-300"
            >
              <Avatar name={person.userName} src={person.avatar} size="xs" />
              <span className="truncate">{t('by', { name: person.userName })}</span>
            </Link>
          </span>
          <TagList tags={item.tags} max={3} />
          {item.type === 'work' && item.engine && (
            <span className="mt-auto pt-1">
              <EngineBadge engine={item.engine} />
            </span>
          )}
        </span>
      </div>
    </li>
  );
}

/** A card-shaped placeholder while a page of cards loads. */
export function FeedCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-2xl border border-line bg-surface">
      <Skeleton className="aspect-[4/5] rounded-none" />
      <span className="flex flex-col gap-2 p-3.5">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
      </span>
    </li>
  );
}
