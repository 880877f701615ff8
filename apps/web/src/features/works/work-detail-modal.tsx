import { useTranslation } from 'react-i18next';
import { isOk, isRefused } from '../../api/client';
import { useAppStore } from '../../app/app-store';
import { AlertIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/skeleton';
import { useCloseWork } from './work-address';
import { WorkDetail } from './work-detail';
import { useWork } from './work-queries';

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
        <WorkDetail work={loaded} onDeleted={close} />
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
