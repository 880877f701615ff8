import { useTranslation } from 'react-i18next';
import { isOk, isRefused } from '../../api/client';
import { useAppStore } from '../../app/app-store';
import { AlertIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/skeleton';
import { useCloseWork } from './work-address';
import { CommentSection } from '../comments/comment-section';
import { ReportButton } from '../reports/report-button';
import { FollowUserButton } from '../social/follow-button';
import { CollectButton } from './collect-button';
import { LikeButton } from './like-button';
import { WorkDetail, type WorkDetailSlots } from './work-detail';
import { useWork } from './work-queries';

/** What the community features add to a work's detail. */
const SLOTS: WorkDetailSlots = {
  follow: (work) => <FollowUserButton userId={work.author.userId} />,
  engagement: (work) => (
    <div className="flex flex-wrap gap-2">
      <LikeButton work={work} />
      <CollectButton work={work} />
    </div>
  ),
  report: (work) => <ReportButton workId={work.id} authorId={work.author.userId} />,
  comments: (work) => <CommentSection workId={work.id} workAuthorId={work.author.userId} />,
};

/** WORK_DETAIL over the page it was opened from; its address carries `?work=<id>`. */
export function WorkDetailModal() {
  const { t } = useTranslation('works');
  const id = useAppStore((s) => s.workDetail);
  const close = useCloseWork();
  const work = useWork(id ?? '');
  if (!id) return null;
  const result = work.data;
  const loaded = result && isOk(result) ? result.data : null;
  return (
    <Modal open onClose={close} title={loaded ? loaded.name : t('detail.loading')} size="lg">
      {work.isPending ? (
        <Loading>
          <Skeleton className="h-72 w-full" />
        </Loading>
      ) : loaded ? (
        <WorkDetail work={loaded} slots={SLOTS} onDeleted={close} />
      ) : result && isRefused(result) ? (
        <p role="alert" className="flex flex-col items-center gap-3 py-10 text-center font-medium text-ink">
          <AlertIcon size={32} className="text-muted" />
          {result.message}
        </p>
      ) : (
        <LoadFailed onRetry={() => void work.refetch()} />
      )}
    </Modal>
  );
}
