import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/app-store';
import { Avatar } from '../../ui/avatar';
import { Modal } from '../../ui/modal';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { useNoticeDetail } from './notice-queries';
import { DateTime } from '../../ui/date-time';

/** NOTICE_CONTENT: one notice in full. Opening it marks it read on the server. */
export function NoticeContentModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('notices');
  const { t: tc } = useTranslation();
  const ref = useAppStore((s) => s.home.noticeCont);
  const detail = useNoticeDetail(ref);
  const notice = detail.data;
  const actor = notice && 'actor' in notice ? notice.actor : null;
  return (
    <Modal open onClose={onClose} title={notice ? notice.title : tc('modals.NOTICE_CONTENT')}>
      {detail.isPending ? (
        <Loading className="space-y-3">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </Loading>
      ) : notice ? (
        <article>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
            {actor && (
              <>
                <Avatar name={actor.userName} src={actor.avatar} size="xs" />
                <span>{t('from', { name: actor.userName })}</span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <DateTime value={notice.createdAt} />
          </p>
          <p className="mt-4 text-sm leading-relaxed whitespace-pre-line break-words">{notice.content}</p>
        </article>
      ) : (
        <p className="text-sm text-muted">{tc('state.errorBody')}</p>
      )}
    </Modal>
  );
}
