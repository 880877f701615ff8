import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/app-store';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { MusicIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import type { FeedWork } from './feed-types';
import { EngineBadge, TagList, TypeBadge } from './work-badges';
import { DateTime } from '../../ui/date-time';

const DETAIL_IMAGE_WIDTH = 1200;

function WorkMedia({ work }: { work: FeedWork }) {
  const { t } = useTranslation('home');
  const cover = work.cover ? imageUrl(work.cover, DETAIL_IMAGE_WIDTH) : null;
  if (work.kind === 'video' && work.media) {
    return <video controls preload="metadata" poster={cover ?? undefined} src={staticUrl(work.media)} className="aspect-video w-full rounded-xl bg-black" aria-label={work.name} />;
  }
  if (work.kind === 'audio') {
    return (
      <div className="overflow-hidden rounded-xl bg-gradient-to-br from-brand-900 via-brand-700 to-rose-500">
        {cover ? (
          <img src={cover} alt="" className="aspect-square w-full object-cover" />
        ) : (
          <div className="grid aspect-[4/3] place-items-center text-white/80">
            <MusicIcon size={56} />
          </div>
        )}
        {work.media ? (
          <audio controls preload="metadata" src={staticUrl(work.media)} className="w-full bg-brand-950/40 p-2" aria-label={t('detail.play', { name: work.name })} />
        ) : (
          <p className="bg-brand-950/40 p-3 text-sm text-white/80">{t('detail.noMedia')}</p>
        )}
      </div>
    );
  }
  if (cover) return <img src={cover} alt={work.name} className="max-h-[70dvh] w-full rounded-xl bg-brand-50 object-contain" />;
  return <div className="rounded-xl bg-brand-50 p-6 text-base leading-relaxed whitespace-pre-line text-ink dark:bg-white/5">{work.description || t('detail.noDescription')}</div>;
}

/** WORK_DETAIL: the work's media, name, author, description and publish time (UTC+8, SPEC §9). */
export function WorkDetailModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('home');
  const work = useAppStore((s) => s.workDetail);
  if (!work) return null;
  const showDescription = work.description && (work.cover !== null || work.kind !== 'post');
  return (
    <Modal open onClose={onClose} title={work.name} size="lg">
      <div className="grid gap-6 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <WorkMedia work={work} />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge kind={work.kind} />
            {work.engine && <EngineBadge engine={work.engine} />}
          </div>
          <div className="flex items-center gap-3">
            <Avatar name={work.author.userName} src={work.author.avatar} size="md" />
            <div className="min-w-0">
              <p className="truncate font-medium">{work.author.userName}</p>
              <p className="text-xs text-muted">
                {t('detail.publishedAt')} <DateTime value={work.publishedAt} />
              </p>
            </div>
          </div>
          {showDescription && (
            <section>
              <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t('detail.description')}</h3>
              <p className="text-sm leading-relaxed whitespace-pre-line">{work.description}</p>
            </section>
          )}
          <TagList tags={work.tags} />
        </div>
      </div>
    </Modal>
  );
}
