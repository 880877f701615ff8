import type { AgentCard } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { imageUrl } from '../../../platform/static-url';
import { Avatar } from '../../../ui/avatar';

export type AgentCardData = z.output<typeof AgentCard>;

const TILE_IMAGE_WIDTH = 400;

function TileImage({ agent }: { agent: AgentCardData }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="relative block aspect-[4/5] overflow-hidden bg-gradient-to-br from-brand-700 to-brand-500">
      {agent.avatar && !broken ? (
        <img src={imageUrl(agent.avatar, TILE_IMAGE_WIDTH)} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-end p-4 text-left text-xs leading-relaxed text-white/85 sm:text-sm">
          <span className="line-clamp-6">{agent.roleIntro}</span>
        </span>
      )}
    </span>
  );
}

/**
 * One agent of a list, linking to its home. In manage mode the whole tile is the checkbox
 * (named by the agent), so the selection is easy to hit on a phone.
 */
export function AgentTile({ agent, managing = false, checked = false, onToggle }: { agent: AgentCardData; managing?: boolean; checked?: boolean; onToggle?: () => void }) {
  const { t } = useTranslation('agents');
  const look = `group flex h-full w-full flex-col overflow-hidden rounded-2xl border bg-surface text-left shadow-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 ${
    checked ? 'border-brand-500 ring-2 ring-brand-500' : 'border-line hover:border-brand-300'
  }`;
  const body = (
    <>
      <TileImage agent={agent} />
      <span className="flex min-w-0 flex-1 flex-col gap-1.5 p-3">
        <span className="truncate font-semibold text-ink">{agent.nickname}</span>
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
          <Avatar name={agent.owner.userName} src={agent.owner.avatar} size="xs" />
          <span className="truncate">{agent.owner.userName}</span>
        </span>
        {agent.status === 'draft' && <span className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-800">{t('center.status.draft')}</span>}
      </span>
    </>
  );
  if (managing) {
    return (
      <li>
        <label className={`${look} relative cursor-pointer`}>
          <input type="checkbox" checked={checked} onChange={onToggle} aria-label={agent.nickname} className="absolute top-2.5 left-2.5 z-10 size-5 accent-brand-700" />
          {body}
        </label>
      </li>
    );
  }
  return (
    <li>
      <Link to={`/agentcenter/${agent.id}`} aria-label={agent.nickname} className={`${look} focus-visible:outline-none`}>
        {body}
      </Link>
    </li>
  );
}
