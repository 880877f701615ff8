import { calls } from '@starlit/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/calls';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Grid } from '../../../ui/grid';
import { Loading } from '../../../ui/loading';
import { PagedList } from '../../../ui/paged-list';
import { Skeleton } from '../../../ui/skeleton';
import { notifySuccess } from '../../../ui/toast';
import { AGENT_READS, useMyAgents } from './agent-queries';
import { AgentTile } from './agent-tile';
import { ImportCardButton } from '../../cards/import-card-button';
import { keepListed, toggle, type Selection } from '../../../ui/selection';
import { ConfirmDelete, ManageToolbar } from '../../../ui/manage-mode';

/** "My agents" with the manage mode of SPEC §6: select some or all, then delete them. */
export function MyAgents({ viewer }: { viewer: string }) {
  const { t } = useTranslation('agents');
  const mine = useMyAgents(viewer);
  const [managing, setManaging] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Set());
  const [confirming, setConfirming] = useState(false);
  const agents = useMemo(() => mine.data?.pages.flatMap((p) => p.items) ?? [], [mine.data]);
  const ids = useMemo(() => agents.map((a) => a.id), [agents]);

  useEffect(() => setSelection((current) => keepListed(current, ids)), [ids]);

  const remove = useCallMutation(calls.agents.delete, {
    onSuccess: ({ deleted }) => {
      setConfirming(false);
      setSelection(new Set());
      notifySuccess(t('manage.deleted', { count: deleted }));
    },
    invalidates: AGENT_READS,
  });

  const stopManaging = () => {
    setManaging(false);
    setSelection(new Set());
  };

  return (
    <section aria-labelledby="my-agents-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="my-agents-heading" className="mr-auto text-xl font-semibold text-ink">
          {t('center.mine.title')}
        </h2>
        <ImportCardButton />
        {agents.length > 0 && (
          <Button variant="secondary" size="sm" aria-pressed={managing} onClick={() => (managing ? stopManaging() : setManaging(true))}>
            {managing ? t('manage.done') : t('manage.start')}
          </Button>
        )}
      </div>
      {managing && <ManageToolbar ns="agents" ids={ids} selection={selection} onSelect={setSelection} onDelete={() => setConfirming(true)} className="sticky top-2 z-10 bg-surface/95 backdrop-blur" />}
      <PagedList
        query={mine}
        select={(page) => page.items}
        loading={
          <Loading>
            <Skeleton className="h-48 w-full" />
          </Loading>
        }
        empty={<EmptyState title={t('center.mine.empty')} body={t('center.mine.emptyBody')} />}
      >
        {(shown) => (
          <Grid label={t('center.mine.title')}>
            {shown.map((agent) => (
              <AgentTile key={agent.id} agent={agent} managing={managing} checked={selection.has(agent.id)} onToggle={() => setSelection(toggle(selection, agent.id))} />
            ))}
          </Grid>
        )}
      </PagedList>
      <ConfirmDelete ns="agents" open={confirming} count={selection.size} pending={remove.isPending} onClose={() => setConfirming(false)} onConfirm={() => remove.mutate({ ids: [...selection] })} />
    </section>
  );
}
