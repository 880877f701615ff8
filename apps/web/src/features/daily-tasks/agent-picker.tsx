import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { FieldMessage } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { uniqueBy } from '../../ui/unique';

interface AgentChoice {
  id: string;
  nickname: string;
  avatar: string | null;
}

const choiceClass =
  'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-xl border border-line p-2.5 text-sm transition-colors hover:bg-brand-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:hover:bg-white/5 dark:has-[:checked]:bg-white/10';

/**
 * Who stars in the task: one of my agents or a public published one (the server refuses any
 * other), each with its picture. Public agents I own are listed once, among mine.
 */
export function AgentPicker({ label, value, onChange, error }: { label: string; value: string; onChange(agentId: string): void; error: string | null }) {
  const { t } = useTranslation('daily-tasks');
  // the paged reads other pages make of the same calls, so they share one cache entry
  const mine = usePagedCall(calls.agents.mine, { limit: 50 });
  const open = usePagedCall(calls.agents.publicList, { limit: 24 });
  const own = mine.data?.pages.flatMap((p) => p.items) ?? [];
  const others = uniqueBy(open.data?.pages.flatMap((p) => p.items) ?? [], (a) => a.id).filter((a) => !own.some((o) => o.id === a.id));
  const loading = mine.isPending || open.isPending;
  const failed = mine.isError || open.isError;
  const groups = [
    { key: 'mine', title: t('form.myAgents'), agents: own },
    { key: 'public', title: t('form.publicAgents'), agents: others },
  ].filter((g) => g.agents.length > 0);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-invalid={Boolean(error)}>
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto rounded-xl border border-line/60 p-2">
        {loading && <Spinner className="mx-auto my-2 size-6" />}
        {failed && (
          <LoadFailed
            onRetry={() => {
              void mine.refetch();
              void open.refetch();
            }}
          />
        )}
        {!loading && !failed && groups.length === 0 && <p className="p-2 text-sm text-muted">{t('form.noAgents')}</p>}
        {groups.map((group) => (
          <div key={group.key} className="flex flex-col gap-2">
            <p className="px-1 text-xs font-semibold tracking-wide text-muted uppercase">{group.title}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {group.agents.map((agent) => (
                <AgentOption key={agent.id} agent={agent} checked={value === agent.id} onChoose={() => onChange(agent.id)} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <FieldMessage text={error} />
    </fieldset>
  );
}

function AgentOption({ agent, checked, onChoose }: { agent: AgentChoice; checked: boolean; onChoose(): void }) {
  return (
    <label className={choiceClass}>
      <input type="radio" name="agent" value={agent.id} checked={checked} onChange={onChoose} className="size-4 shrink-0 accent-brand-600" />
      <Avatar name={agent.nickname} src={agent.avatar} />
      <span className="min-w-0 truncate font-medium text-ink">{agent.nickname}</span>
    </label>
  );
}
