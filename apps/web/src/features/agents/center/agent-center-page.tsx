import type { Agent } from '@starlit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { AlertIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { Loading } from '../../../ui/loading';
import { Skeleton } from '../../../ui/skeleton';
import { AgentDirectory } from './agent-directory';
import { AgentHome } from './agent-home';
import { useAgent } from './agent-queries';

/**
 * Loads the agent of the address for a page. Someone else's private agent, a deleted one or
 * a wrong id all look the same: not found, so nothing is learned about private agents.
 */
export function WithAgent({ agentId, children }: { agentId: string; children: (agent: z.output<typeof Agent>) => ReactNode }) {
  const { t } = useTranslation('agents');
  const agent = useAgent(agentId);
  if (agent.isPending) {
    return (
      <Loading className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_3fr]">
        <Skeleton className="aspect-[4/5] w-full rounded-3xl" />
        <Skeleton className="h-40 w-full" />
      </Loading>
    );
  }
  if (agent.isError) return <LoadFailed onRetry={() => void agent.refetch()} />;
  if (!agent.data) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('center.notFound.title')}
        body={t('center.notFound.body')}
        action={
          <Link to="/agentcenter" className={buttonClass()}>
            {t('center.notFound.back')}
          </Link>
        }
      />
    );
  }
  return children(agent.data);
}

/** `/agentcenter/:agentId?` */
export function AgentCenterPage() {
  const { agentId } = useParams();
  if (!agentId) return <AgentDirectory />;
  return <WithAgent agentId={agentId}>{(agent) => <AgentHome agent={agent} />}</WithAgent>;
}
