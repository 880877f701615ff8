import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Grid } from '../../../ui/grid';
import { LoadFailed } from '../../../ui/load-failed';
import { Loading } from '../../../ui/loading';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useCurrentUser } from '../../auth/auth-store';
import { usePublicAgents } from './agent-queries';
import { AgentTile } from './agent-tile';
import { MyAgents } from './my-agents';

/** `/agentcenter` without an id: public agents, and the signed-in person's own. */
export function AgentDirectory() {
  const { t } = useTranslation('agents');
  const user = useCurrentUser();
  const list = usePublicAgents();
  useDocumentTitle(t('center.title'));
  const agents = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6 sm:px-6 md:py-10 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t('center.title')}</h1>
        <p className="mt-2 text-muted">{t('center.subtitle')}</p>
      </header>
      {user && <MyAgents viewer={user.userId} />}
      <section aria-labelledby="public-agents-heading" className="flex flex-col gap-4">
        <h2 id="public-agents-heading" className="text-xl font-semibold text-ink">
          {t('center.list.public')}
        </h2>
        {list.isPending ? (
          <Loading>
            <Skeleton className="h-48 w-full" />
          </Loading>
        ) : list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} />
        ) : agents.length === 0 ? (
          <EmptyState title={t('center.list.empty')} live />
        ) : (
          <Grid label={t('center.list.public')}>
            {agents.map((agent) => (
              <AgentTile key={agent.id} agent={agent} />
            ))}
          </Grid>
        )}
        {list.hasNextPage && (
          <Button variant="secondary" className="self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('center.list.loadMore')}
          </Button>
        )}
      </section>
    </div>
  );
}
