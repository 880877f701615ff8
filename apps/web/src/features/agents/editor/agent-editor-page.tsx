import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCallOrNull } from '../../../api/calls';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { AlertIcon } from '../../../ui/icons';
import { Loading } from '../../../ui/loading';
import { Skeleton } from '../../../ui/skeleton';
import { AgentEditor } from './agent-editor';

/** `/agent/:agentId?`: a new agent, or the signed-in owner's agent loaded for editing. */
export function AgentEditorPage() {
  const { agentId } = useParams();
  const { t } = useTranslation('agents');
  const agent = useCallOrNull(
    calls.agents.get,
    { id: agentId ?? '' },
    {
      // someone else's agent, "not found" and a failed load all end in the not-allowed state
      select: (found) => (found?.isOwner ? found : null),
      enabled: Boolean(agentId),
      // the editor owns the copy once loaded; a refetch would reset what is being typed
      staleTime: Infinity,
    },
  );

  // the editor keeps its state when a new agent gets its id in the address
  if (!agentId) return <AgentEditor key="agent-editor" initial={null} />;
  if (agent.isPending) {
    return (
      <Loading className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </Loading>
    );
  }
  if (!agent.data) {
    return (
      <EmptyState icon={<AlertIcon size={28} />} title={t('notAllowed.title')} body={t('notAllowed.body')} action={<Button onClick={() => void agent.refetch()}>{t('notAllowed.retry')}</Button>} />
    );
  }
  return <AgentEditor key="agent-editor" initial={agent.data} />;
}
