import { calls, type Agent } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCall, useCallOrNull } from '../../api/calls';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { useCurrentUser } from '../auth/auth-store';
import { askToSignIn } from '../social/ask-to-sign-in';
import { GiftArt } from './gift-art';
import { GiftPanel } from './gift-panel';

/** "Send a gift" on an agent's page: not to one's own agent; a visitor is asked to sign in. */
export function SendGiftButton({ agent }: { agent: z.output<typeof Agent> }) {
  const { t } = useTranslation('gifts');
  const viewer = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (agent.isOwner) return null;
  return (
    <>
      <Button variant="secondary" icon={<GiftArt giftKey="heart" size={18} />} onClick={() => (viewer ? setOpen(true) : askToSignIn())}>
        {t('open')}
      </Button>
      {open && <GiftPanel agentId={agent.id} agentName={agent.nickname} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The chat room's gift button: the same panel, not for one's own agent (a chat is signed in already). */
export function ChatGiftButton({ agentId, agentName }: { agentId: string; agentName: string }) {
  const { t } = useTranslation('gifts');
  const agent = useCallOrNull(calls.agents.get, { id: agentId });
  const [open, setOpen] = useState(false);
  if (!agent.data || agent.data.isOwner) return null;
  return (
    <>
      <Button variant="secondary" size="sm" className="max-sm:px-3" icon={<GiftArt giftKey="heart" size={16} />} aria-label={t('open')} onClick={() => setOpen(true)}>
        <span className="hidden sm:inline">{t('open')}</span>
      </Button>
      {open && <GiftPanel agentId={agentId} agentName={agentName} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The agent's gift wall (its latest gifts with their senders) and its top givers. */
export function GiftWall({ agentId }: { agentId: string }) {
  const { t } = useTranslation('gifts');
  const wall = useCall(calls.gifts.wall, { agentId });
  const board = useCall(calls.gifts.leaderboard, { agentId });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="gift-wall-title" data-testid="gift-wall">
        <h2 id="gift-wall-title" className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
          {t('wall.title')}
        </h2>
        {wall.data && wall.data.items.length === 0 && <p className="text-sm text-muted">{t('wall.empty')}</p>}
        <ul className="flex flex-col gap-2">
          {wall.data?.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2">
              <GiftArt giftKey={item.giftKey} size={36} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm">
                  <Link to={`/usercenter/${item.sender.userId}`} className="font-semibold hover:underline">
                    {item.sender.userName}
                  </Link>{' '}
                  {t('wall.sent', { gift: t(`names.${item.giftKey}`), count: item.count })}
                </span>
                <DateTime value={item.sentAt} className="text-xs text-muted" />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="gift-board-title" data-testid="gift-leaderboard">
        <h2 id="gift-board-title" className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
          {t('board.title')}
        </h2>
        {board.data && board.data.items.length === 0 && <p className="text-sm text-muted">{t('board.empty')}</p>}
        <ol className="flex flex-col gap-2">
          {board.data?.items.map((giver, index) => (
            <li key={giver.sender.userId} className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2">
              <span className={`w-6 text-center text-sm font-bold tabular-nums ${index < 3 ? 'text-amber-600' : 'text-muted'}`}>{index + 1}</span>
              <Avatar name={giver.sender.userName} src={giver.sender.avatar} size="sm" />
              <Link to={`/usercenter/${giver.sender.userId}`} className="min-w-0 flex-1 truncate text-sm font-semibold hover:underline">
                {giver.sender.userName}
              </Link>
              <span className="shrink-0 text-right text-xs text-muted">
                {[giver.diamonds > 0 ? t('price.JE', { count: giver.diamonds }) : null, giver.points > 0 ? t('price.MSS', { count: giver.points }) : null, t('board.gifts', { count: giver.gifts })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
