import { calls } from '@starlit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestData } from '../../../api/query';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Grid } from '../../../ui/grid';
import { LoadFailed } from '../../../ui/load-failed';
import { Modal } from '../../../ui/modal';
import { Skeleton } from '../../../ui/skeleton';
import { notifySuccess } from '../../../ui/toast';
import { useMyAgents } from './agent-queries';
import { AgentTile } from './agent-tile';
import { ImportCardButton } from './import-card-button';
import { allSelected, keepListed, toggle, toggleAll, type Selection } from './selection';

/** "My agents" with the manage mode of SPEC §6: select some or all, then delete them. */
export function MyAgents({ viewer }: { viewer: string }) {
  const { t } = useTranslation('agent-center');
  const queryClient = useQueryClient();
  const mine = useMyAgents(viewer);
  const [managing, setManaging] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Set());
  const [confirming, setConfirming] = useState(false);
  const agents = useMemo(() => mine.data?.pages.flatMap((p) => p.items) ?? [], [mine.data]);
  const ids = useMemo(() => agents.map((a) => a.id), [agents]);

  useEffect(() => setSelection((current) => keepListed(current, ids)), [ids]);

  const remove = useMutation({
    mutationFn: (agentIds: string[]) => requestData(calls.agents.delete, { ids: agentIds }),
    onSuccess: async ({ deleted }) => {
      setConfirming(false);
      setSelection(new Set());
      notifySuccess(t('manage.deleted', { count: deleted }));
      await queryClient.invalidateQueries({ queryKey: ['agent-center'] });
    },
  });

  const stopManaging = () => {
    setManaging(false);
    setSelection(new Set());
  };

  return (
    <section aria-labelledby="my-agents-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="my-agents-heading" className="mr-auto text-xl font-semibold text-ink">
          {t('mine.title')}
        </h2>
        <ImportCardButton />
        {agents.length > 0 && (
          <Button variant="secondary" size="sm" aria-pressed={managing} onClick={() => (managing ? stopManaging() : setManaging(true))}>
            {managing ? t('manage.done') : t('manage.start')}
          </Button>
        )}
      </div>
      {managing && (
        <div role="toolbar" aria-label={t('manage.toolbar')} className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface/95 p-2 shadow-sm backdrop-blur">
          <Button variant="secondary" size="sm" aria-pressed={allSelected(selection, ids)} onClick={() => setSelection(toggleAll(selection, ids))}>
            {t('manage.selectAll')}
          </Button>
          <span aria-live="polite" className="px-2 text-sm text-muted">
            {t('manage.selected', { count: selection.size })}
          </span>
          <Button size="sm" className="ml-auto bg-red-600 hover:bg-red-700 active:bg-red-800" disabled={selection.size === 0} onClick={() => setConfirming(true)}>
            {t('manage.deleteSelected')}
          </Button>
        </div>
      )}
      {mine.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : mine.isError ? (
        <LoadFailed onRetry={() => void mine.refetch()} />
      ) : agents.length === 0 ? (
        <EmptyState title={t('mine.empty')} body={t('mine.emptyBody')} />
      ) : (
        <Grid label={t('mine.title')}>
          {agents.map((agent) => (
            <AgentTile key={agent.id} agent={agent} managing={managing} checked={selection.has(agent.id)} onToggle={() => setSelection(toggle(selection, agent.id))} />
          ))}
        </Grid>
      )}
      {mine.hasNextPage && (
        <Button variant="secondary" className="self-center" disabled={mine.isFetchingNextPage} onClick={() => void mine.fetchNextPage()}>
          {t('list.loadMore')}
        </Button>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t('manage.confirmTitle', { count: selection.size })}>
        <p className="text-sm leading-relaxed text-muted">{t('manage.confirmBody')}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('manage.cancel')}
          </Button>
          <Button className="bg-red-600 hover:bg-red-700" disabled={remove.isPending} onClick={() => remove.mutate([...selection])}>
            {t('manage.confirmDelete')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
