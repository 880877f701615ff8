import { calls, type DailyTask } from '@starlit/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/calls';
import { isOk } from '../../api/client';
import { imageUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime, dateTimeText } from '../../ui/date-time';
import { EmptyState } from '../../ui/empty-state';
import { DanceIcon, ImageIcon, ImagesIcon, MusicIcon, PencilIcon, SparklesIcon, TrashIcon, VideoIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifyError, notifySuccess } from '../../ui/toast';
import { useOpenWork } from '../works/work-address';
import { CancelScheduleDialog, EditTimeDialog } from './publish-dialogs';
import { publishTimeOf, waitingPublishes } from './publish-time';
import { useTaskActions, type TaskActions } from './use-task-actions';

/** Where a task opens: the daily task screen shows its steps and result. */
const taskAddress = (id: string) => `/daily-task?id=${id}`;

// a task's progress moves every few seconds: pushed live, with this poll for a stream that is down
const POLL_MS = 3000;
// finished tasks read for "Not published yet": a few days of every type at the daily allowance
const FINISHED_READ = 50;

const STATE_BADGES: Record<DailyTask['state'], string> = {
  generating: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-400/15 dark:text-red-200',
  cancelled: 'border border-line text-muted',
};

const TYPE_ICONS: Record<DailyTask['type'], typeof ImageIcon> = {
  text_to_image: ImageIcon,
  text_to_comic: ImagesIcon,
  text_to_speech: SparklesIcon,
  text_to_song: MusicIcon,
  text_to_dance: DanceIcon,
  comic_to_video: VideoIcon,
};

const heading = 'text-base font-semibold text-ink';
const box = 'overflow-hidden rounded-2xl border border-line bg-surface';

/** The task's picture once it has one (its drawing, page, waveform or share card), else its type's sign. */
function Preview({ task }: { task: DailyTask }) {
  const picture = task.files.find((f) => f.role === 'image' || f.role === 'page' || f.role === 'waveform' || f.role === 'card')?.url;
  if (picture) return <img src={imageUrl(picture, 128)} alt="" className="size-14 shrink-0 rounded-lg bg-line object-cover" />;
  const Icon = TYPE_ICONS[task.type];
  return (
    <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700 dark:bg-white/10 dark:text-brand-200">
      <Icon size={22} />
    </span>
  );
}

/** Where the task's publishing stands, with its time at UTC+8. */
function PublishState({ task }: { task: DailyTask }) {
  const { t } = useTranslation('task-progress');
  const at = publishTimeOf(task);
  switch (task.publish.state) {
    case 'waiting':
      // a failed or cancelled task never publishes: its badge says so already
      if (task.state !== 'generating') return null;
      return at ? t('publish.waitingAt', { time: dateTimeText(at) }) : t('publish.waiting');
    case 'scheduled':
      return t('publish.scheduled', { time: at ? dateTimeText(at) : '' });
    default:
      return t(`publish.${task.publish.state}`);
  }
}

/** One of today's tasks: type, star, state and progress live, opening the daily task screen. */
function TodayRow({ task }: { task: DailyTask }) {
  const { t } = useTranslation('task-progress');
  const openWork = useOpenWork();
  const running = task.steps.find((s) => s.state === 'running') ?? task.steps.find((s) => s.state === 'pending');
  const workId = task.publish.workId;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3 sm:flex-nowrap sm:p-4">
      <Link
        to={taskAddress(task.id)}
        className="-m-1 flex min-w-0 flex-1 basis-full items-center gap-3 rounded-xl p-1 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 sm:basis-auto dark:hover:bg-white/5"
      >
        <Preview task={task} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-ink">{t(`types.${task.type}`)}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGES[task.state]}`}>
              {task.state === 'generating' ? t('states.generating', { percent: task.progress }) : t(`states.${task.state}`)}
            </span>
          </span>
          <span className="truncate text-sm text-ink">{task.title}</span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              {task.agent && <Avatar name={task.agent.name} src={task.agent.avatar} size="xs" />}
              <span className="truncate">{task.agent ? t('today.starring', { name: task.agent.name }) : t('today.noAgent')}</span>
            </span>
            <span>
              <PublishState task={task} />
            </span>
          </span>
          {task.state === 'generating' && (
            <span className="flex items-center gap-2">
              <span
                role="progressbar"
                aria-label={t('today.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={task.progress}
                className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-line"
              >
                <span className="block h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${task.progress}%` }} />
              </span>
              {running && <span className="shrink-0 text-xs text-muted">{t('today.step', { step: t(`steps.${running.name}`) })}</span>}
            </span>
          )}
          {task.error && <span className="text-xs text-red-700 dark:text-red-300">{task.error}</span>}
        </span>
      </Link>
      {workId && (
        <Button size="sm" variant="secondary" className="ml-auto shrink-0" onClick={() => openWork(workId)}>
          {t('today.viewWork')}
        </Button>
      )}
    </li>
  );
}

/** Per type: the runs left today of the allowance, the price and the points a finished one earns. */
function Allowance({ types }: { types: { type: DailyTask['type']; prices: { currency: 'CAC' | 'JE'; amount: number }[]; points: number; left: number; allowance: number }[] }) {
  const { t } = useTranslation('task-progress');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className={heading}>
        {t('allowance.title')}
      </h3>
      <ul aria-labelledby={titleId} className="grid grid-cols-2 gap-2 xl:grid-cols-3">
        {types.map((type) => {
          const Icon = TYPE_ICONS[type.type];
          const counts = type.prices.find((p) => p.currency === 'CAC')?.amount ?? 0;
          const diamonds = type.prices.find((p) => p.currency === 'JE')?.amount ?? 0;
          return (
            <li key={type.type} data-testid={`allowance-${type.type}`} className="flex min-w-0 gap-3 rounded-xl border border-line bg-surface p-3">
              {/* on a phone two cards share a row: the sign gives its room to the words */}
              <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700 sm:grid dark:bg-white/10 dark:text-brand-200">
                <Icon size={18} />
              </span>
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-semibold text-ink">{t(`types.${type.type}`)}</span>
                <span className={`text-sm tabular-nums ${type.left === 0 ? 'font-semibold text-red-700 dark:text-red-300' : 'text-ink'}`}>
                  {t('allowance.left', { left: type.left, allowance: type.allowance })}
                </span>
                <span className="text-xs text-muted">{t('allowance.price', { count: counts, diamonds })}</span>
                <span className="text-xs font-medium text-emerald-700 dark:text-emerald-300">{t('allowance.points', { points: type.points })}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The publishes waiting, soonest first: move the time or cancel it. */
function Scheduled({ tasks, remaining, actions }: { tasks: DailyTask[]; remaining: number; actions: TaskActions }) {
  const { t } = useTranslation('task-progress');
  const titleId = useId();
  const [editing, setEditing] = useState<DailyTask | null>(null);
  const [cancelling, setCancelling] = useState<DailyTask | null>(null);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className={heading}>
          {t('scheduled.title')}
        </h3>
        <p className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 tabular-nums dark:bg-white/10 dark:text-brand-200">{t('scheduled.remaining', { count: remaining })}</p>
      </div>
      {tasks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-sm text-muted">{t('scheduled.empty')}</p>
      ) : (
        <ul aria-label={t('scheduled.list')} className={`${box} divide-y divide-line`}>
          {tasks.map((task) => {
            const at = publishTimeOf(task);
            const rowTitle = `${titleId}-${task.id}`;
            return (
              <li key={task.id} aria-labelledby={rowTitle} className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
                <span className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
                  <Link id={rowTitle} to={taskAddress(task.id)} className="truncate text-sm font-semibold text-ink underline-offset-2 hover:underline">
                    {task.title}
                  </Link>
                  <span className="text-xs text-muted">
                    {t(`types.${task.type}`)}
                    {task.state === 'generating' ? ` · ${t('scheduled.generating')}` : ''}
                  </span>
                  {at && <span className="text-sm text-ink tabular-nums">{t('scheduled.at', { time: dateTimeText(at) })}</span>}
                </span>
                <span className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" icon={<PencilIcon size={14} />} disabled={actions.busy === task.id} onClick={() => setEditing(task)}>
                    {t('scheduled.edit')}
                  </Button>
                  <Button size="sm" variant="secondary" icon={<TrashIcon size={14} />} disabled={actions.busy === task.id} onClick={() => setCancelling(task)}>
                    {t('scheduled.cancel')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {editing && <EditTimeDialog task={editing} actions={actions} onClose={() => setEditing(null)} />}
      {cancelling && <CancelScheduleDialog task={cancelling} actions={actions} onClose={() => setCancelling(null)} />}
    </section>
  );
}

/** Finished tasks nobody published (a cancelled schedule, a publish refused at its time): publish now. */
function Unpublished({ tasks, actions }: { tasks: DailyTask[]; actions: TaskActions }) {
  const { t } = useTranslation('task-progress');
  const titleId = useId();
  const publish = async (task: DailyTask) => {
    const result = await actions.publish(task.id);
    if (isOk(result)) notifySuccess(t('unpublished.published', { title: task.title }));
    else notifyError(result.message);
  };
  if (tasks.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className={heading}>
          {t('unpublished.title')}
        </h3>
        <p className="text-xs text-muted">{t('unpublished.hint')}</p>
      </div>
      <ul aria-label={t('unpublished.list')} className={`${box} divide-y divide-line`}>
        {tasks.map((task) => (
          <li key={task.id} aria-labelledby={`${titleId}-${task.id}`} className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
            <Preview task={task} />
            <span className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
              <Link id={`${titleId}-${task.id}`} to={taskAddress(task.id)} className="truncate text-sm font-semibold text-ink underline-offset-2 hover:underline">
                {task.title}
              </Link>
              <span className="text-xs text-muted">
                {t(`types.${task.type}`)}
                {task.finishedAt && (
                  <>
                    {' · '}
                    <DateTime value={task.finishedAt} />
                  </>
                )}
              </span>
            </span>
            <Button size="sm" disabled={actions.busy === task.id} onClick={() => void publish(task)}>
              {t('unpublished.publishNow')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * My user center's "Task progress" tab (SPEC §2 user center): today's daily tasks live (the
 * realtime push refreshes them, a poll while one generates), the runs left per type, and the
 * publishes waiting with their times to move or cancel, and finished tasks to publish now.
 */
export function TaskProgress() {
  const { t } = useTranslation('task-progress');
  const overview = useCall(calls.dailyTasks.overview, {}, { refetchInterval: (query) => (query.state.data?.generating ? POLL_MS : false) });
  const finished = useCall(calls.dailyTasks.list, { state: 'done', limit: FINISHED_READ });
  const actions = useTaskActions();
  const titleId = useId();
  const todayId = useId();

  if (overview.isPending) {
    return (
      <Loading className="flex flex-col gap-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </Loading>
    );
  }
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  const { day, today, types, scheduledRemaining } = overview.data;
  const unpublished = (finished.data?.items ?? []).filter((task) => task.publish.state === 'unpublished');

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <Link to="/daily-task" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('new')} →
        </Link>
      </div>

      <section aria-labelledby={todayId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={todayId} className={heading}>
            {t('today.title')}
          </h3>
          <span className="text-xs text-muted tabular-nums">{t('today.day', { day })}</span>
        </div>
        {today.length === 0 ? (
          <EmptyState
            live
            title={t('today.empty')}
            action={
              <Link to="/daily-task" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                {t('today.emptyAction')} →
              </Link>
            }
          />
        ) : (
          <ul aria-labelledby={todayId} className={`${box} divide-y divide-line`}>
            {today.map((task) => (
              <TodayRow key={task.id} task={task} />
            ))}
          </ul>
        )}
      </section>

      <Scheduled tasks={waitingPublishes(overview.data)} remaining={scheduledRemaining} actions={actions} />
      <Unpublished tasks={unpublished} actions={actions} />
      <Allowance types={types} />
    </section>
  );
}
