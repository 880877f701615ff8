import { calls, ErrorCode, errorMessage, type LiveEvent } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCallMutation } from '../../api/calls';
import { callKey, setCallData } from '../../api/keys';
import { currentLanguage } from '../../i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { notifyError } from '../../ui/toast';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useCurrentUser } from '../auth/auth-store';
import { GiftArt } from '../gifts/gift-art';
import { GiftPanel } from '../gifts/gift-panel';
import { askToSignIn } from '../social/ask-to-sign-in';
import { LiveBoard } from './live-board';
import { LiveChat, type ModerateAction } from './live-chat';
import { deletedSeqs, latest, mutedUsers } from './live-events';
import { LiveStage, type StageBurst } from './live-stage';
import { LiveSummary } from './live-summary';
import { SpeechQueue } from './live-voice';
import { useLiveRoom } from './use-live-room';
import { useServerClock } from './use-server-clock';

/** The live room (`/live/:showId`): one show's stage, chat, gifts and, for its owner, moderation. */
export function LivePage() {
  const { showId = '' } = useParams();
  // another show is another room: nothing carries over
  return <Room key={showId} showId={showId} />;
}

function Room({ showId }: { showId: string }) {
  const { t } = useTranslation('live');
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const myId = me?.userId ?? null;
  const serverNow = useServerClock();
  const [speaking, setSpeaking] = useState<string | null>(null);
  const voice = useMemo(() => new SpeechQueue((line) => setSpeaking(line?.text ?? null)), []);
  useEffect(() => () => voice.stop(), [voice]);
  const [bursts, setBursts] = useState<StageBurst[]>([]);
  const [removed, setRemoved] = useState(false);
  const [giving, setGiving] = useState(false);
  const [ending, setEnding] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: callKey(calls.live.get, { showId }) });

  const room = useLiveRoom(showId, (event: LiveEvent) => {
    const show = room.show;
    switch (event.kind) {
      case 'agent':
        if (event.failed) {
          if (event.reason === 'greet' && show?.me.isOwner) notifyError(errorMessage(ErrorCode.LIVE_GREETING_FAILED, currentLanguage()));
          return;
        }
        voice.say({ audio: event.audio, mood: event.mood, text: event.text });
        return;
      case 'gift':
        setBursts((all) => [...all.slice(-2), { id: event.seq, giftKey: event.giftKey, count: event.count, userName: event.user.userName }]);
        return;
      case 'moderation':
        if (event.user && event.user.userId === myId) {
          if (event.action === 'remove') setRemoved(true);
          reload();
        }
        return;
      case 'settings':
      case 'end':
        reload();
        return;
    }
  });

  const show = room.show;
  const events = room.events;
  const deleted = useMemo(() => deletedSeqs(events), [events]);
  const muted = useMemo(() => mutedUsers(events), [events]);
  const playlist = useMemo(() => latest(events, 'playlist')?.playlist ?? show?.playlist ?? [], [events, show?.playlist]);
  const settings = latest(events, 'settings');
  const board = latest(events, 'gift')?.board ?? show?.board ?? [];
  const endEvent = latest(events, 'end');
  const summary = endEvent?.summary ?? show?.summary ?? null;
  const title = settings?.title ?? show?.title ?? null;
  useDocumentTitle(title ?? t('title'));

  const moderate = useCallMutation(calls.live.moderate);
  const end = useCallMutation(calls.live.end, {
    onSuccess: (done) => {
      setEnding(false);
      setCallData(queryClient, calls.live.get, { showId }, done);
    },
  });

  if (room.loading) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center text-muted">
        <span className="flex items-center gap-2">
          <Spinner /> {t('loading')}
        </span>
      </div>
    );
  }
  if (room.failed) return <LoadFailed onRetry={room.retry} />;
  if (!show) {
    return (
      <EmptyState
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t('notFound.home')}
          </Link>
        }
      />
    );
  }

  const isRemoved = removed || room.stream === 'removed' || show.me.chatRefusal === ErrorCode.LIVE_REMOVED;
  const ended = show.state === 'ended' || endEvent !== null;
  const viewers = room.viewers ?? show.viewers;
  const onModerate = (action: ModerateAction, target: { seq?: number; userId: string }) =>
    moderate.mutate({ showId, action, ...(action === 'delete' ? { seq: target.seq } : { userId: target.userId }) });

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 sm:px-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-3">
        <header className="flex flex-wrap items-center gap-3">
          <Link to={`/agentcenter/${show.agent.id}`} className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={show.agent.nickname}>
            <Avatar name={show.agent.nickname} src={show.agent.avatar} size="md" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold sm:text-xl">{title}</h1>
            <p className="truncate text-sm text-muted">{t('by', { agent: show.agent.nickname, owner: show.owner.userName })}</p>
          </div>
          <div className="flex items-center gap-2 text-sm max-sm:w-full max-sm:pl-[3.25rem]">
            {ended ? (
              <span className="rounded-full bg-zinc-200 px-2.5 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-white/10 dark:text-zinc-200">{t('badge.ended')}</span>
            ) : (
              <span className="rounded-full bg-rose-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">{t('badge.live')}</span>
            )}
            {!ended && (
              <span className="flex items-center gap-1 text-muted" data-testid="viewer-count">
                <UsersIcon size={16} />
                <span className="tabular-nums">{t('viewers', { count: viewers })}</span>
              </span>
            )}
            {room.stream === 'reconnecting' && !ended && (
              <span role="status" className="flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                <Spinner className="size-3" /> {t('reconnecting')}
              </span>
            )}
          </div>
        </header>

        {isRemoved ? (
          <EmptyState title={t('removed.title')} body={t('removed.body')} live />
        ) : ended && summary ? (
          <LiveSummary summary={summary} agentName={show.agent.nickname} />
        ) : ended ? (
          <EmptyState title={t('summary.title')} />
        ) : (
          <LiveStage show={show} playlist={playlist} serverNow={serverNow} voice={voice} speaking={speaking} bursts={bursts} onBurstDone={(id) => setBursts((all) => all.filter((b) => b.id !== id))} />
        )}

        {!ended && !isRemoved && (
          <div className="flex flex-wrap items-center gap-2">
            {!show.me.isOwner && (
              <Button variant="secondary" icon={<GiftArt giftKey="heart" size={18} />} onClick={() => (me ? setGiving(true) : askToSignIn())}>
                {t('gift.open')}
              </Button>
            )}
            {show.me.isOwner && (
              <Button variant="secondary" className="ml-auto text-red-600 dark:text-red-400" onClick={() => setEnding(true)}>
                {t('end.button')}
              </Button>
            )}
          </div>
        )}
        {!isRemoved && !ended && <LiveBoard board={board} />}
      </div>

      {!isRemoved && (
        <div className="flex h-[30rem] min-h-0 flex-col lg:sticky lg:top-4 lg:h-[calc(100dvh-8rem)]">
          <LiveChat show={show} events={events} deleted={deleted} muted={muted} myId={myId} onModerate={onModerate} />
        </div>
      )}

      {giving && <GiftPanel agentId={show.agent.id} agentName={show.agent.nickname} showId={show.id} onClose={() => setGiving(false)} />}
      <Modal open={ending} onClose={() => setEnding(false)} title={t('end.title')}>
        <p className="text-sm text-muted">{t('end.body')}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setEnding(false)}>
            {t('end.cancel')}
          </Button>
          <Button disabled={end.isPending} onClick={() => end.mutate({ showId })}>
            {t('end.confirm')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
