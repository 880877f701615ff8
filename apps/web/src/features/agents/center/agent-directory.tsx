import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Grid } from '../../../ui/grid';
import { Loading } from '../../../ui/loading';
import { PagedList } from '../../../ui/paged-list';
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
        <PagedList
          query={list}
          select={(page) => page.items}
          loading={
            <Loading>
              <Skeleton className="h-48 w-full" />
            </Loading>
          }
          empty={<EmptyState title={t('center.list.empty')} live />}
        >
          {(agents) => (
            <Grid label={t('center.list.public')}>
              {agents.map((agent) => (
                <AgentTile key={agent.id} agent={agent} />
              ))}
            </Grid>
          )}
        </PagedList>
      </section>
    </div>
  );
}
