import { calls, type Agent } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCall } from '../../api/calls';
import { modalAreas } from '../../app/modal-areas';
import { Button, buttonClass } from '../../ui/button';

/** A pulsing red dot and "LIVE": the one sign of a show on air. */
export function LiveBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation('live');
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full bg-rose-600 px-2 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase ${className}`}>
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-white" />
      {t('badge.live')}
    </span>
  );
}

/**
 * The agent page's live room (SPEC §2): anyone sees when the agent is live and goes in; its owner
 * opens a show from LIVE_SETTING once the agent is published and public.
 */
export function AgentLiveEntry({ agent }: { agent: z.output<typeof Agent> }) {
  const { t } = useTranslation('live');
  const live = useCall(calls.live.ofAgent, { agentId: agent.id });
  const show = live.data?.show;
  if (show)
    return (
      <Link to={`/live/${show.id}`} className={buttonClass('primary', 'md', 'bg-rose-600 hover:bg-rose-700')}>
        <LiveBadge className="bg-white/20" />
        {t('entry.watch', { count: show.viewers })}
      </Link>
    );
  if (!agent.isOwner) return null;
  const ready = agent.status === 'published' && agent.isPublic;
  return (
    <Button variant="secondary" disabled={!ready} title={ready ? undefined : t('entry.publishFirst')} onClick={() => modalAreas.agentCenter.getState().show('LIVE_SETTING', { agentId: agent.id })}>
      {t('entry.goLive')}
    </Button>
  );
}
