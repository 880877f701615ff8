import type { Agent } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Avatar } from '../../../ui/avatar';
import { buttonClass } from '../../../ui/button';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { GiftWall, SendGiftButton } from '../../gifts/gift-wall';
import { AgentLiveEntry } from '../../live/live-entry';
import { AgentFollowButton } from '../../social/agent-follow-button';
import { AgentAvatar } from './agent-avatar';
import { OwnerActions } from './owner-actions';

/** Tags and skills as small pills under a heading. */
export function PillList({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{label}</h2>
      <ul aria-label={label} className="flex flex-wrap gap-1.5">
        {items.map((text) => (
          <li key={text} className="max-w-full truncate rounded-full bg-brand-100 px-3 py-1 text-xs font-medium text-brand-800 dark:bg-white/10 dark:text-brand-200">
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `/agentcenter/:agentId`: the agent's home (SPEC §2 agent page). */
export function AgentHome({ agent }: { agent: z.output<typeof Agent> }) {
  const { t } = useTranslation('agents');
  useDocumentTitle(agent.nickname);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:py-10 lg:px-8">
      <div className="mx-auto w-full max-w-sm md:max-w-none">
        <AgentAvatar key={agent.id} avatar={agent.avatar} name={agent.nickname} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-3xl font-bold tracking-tight break-words text-ink">{agent.nickname}</h1>
            {agent.status === 'draft' && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">{t('center.status.draft')}</span>}
            {!agent.isPublic && <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-white/10 dark:text-brand-200">{t('center.status.private')}</span>}
          </div>
          <p className="flex min-w-0 items-center gap-2 text-sm text-muted">
            <Avatar name={agent.owner.userName} src={agent.owner.avatar} size="sm" />
            <span className="truncate">{t('center.home.by', { name: agent.owner.userName })}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/chatroom?agentId=${agent.id}`} className={buttonClass('primary', 'md')}>
            {t('center.home.chat')}
          </Link>
          <Link to={`/agent-personality/${agent.id}`} className={buttonClass('secondary', 'md')}>
            {t('center.home.persona')}
          </Link>
          <SendGiftButton agent={agent} />
          <AgentLiveEntry agent={agent} />
        </div>
        <AgentFollowButton agentId={agent.id} ownerId={agent.owner.userId} />
        {agent.isOwner && <OwnerActions agent={agent} />}
        {agent.roleIntro && (
          <section>
            <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t('center.home.intro')}</h2>
            <p className="text-base leading-relaxed break-words whitespace-pre-line text-ink">{agent.roleIntro}</p>
          </section>
        )}
        <PillList label={t('center.home.tags')} items={agent.tags} />
        {/* others see only working skills (the server leaves the rest out); the owner sees which do not work */}
        <PillList label={t('center.home.skills')} items={agent.skills.map((s) => (s.active ? t(`skills.${s.key}`) : t('center.home.skillInactive', { skill: t(`skills.${s.key}`) })))} />
      </div>
      <div className="md:col-span-2">
        <GiftWall agentId={agent.id} />
      </div>
    </div>
  );
}
