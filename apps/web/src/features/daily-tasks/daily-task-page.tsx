import * as RadixTabs from '@radix-ui/react-tabs';
import { DAILY_TASK_POINTS, DAILY_TASK_PRICES, DAILY_TASK_TYPES, type DailyTask, type DailyTaskType } from '@starlit/contract';
import { type ComponentType, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { FieldMessage } from '../../ui/field';
import { CalendarCheckIcon, DanceIcon, ImageIcon, ImagesIcon, MicIcon, MusicIcon, SparklesIcon, VideoIcon } from '../../ui/icons';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { TaskForm } from './task-form';
import { TaskView } from './task-view';
import { type DailyTaskScreen, useDailyTask, wordsOf } from './use-daily-task';

const ICONS: Record<DailyTaskType, ComponentType<{ size?: number }>> = {
  text_to_image: ImageIcon,
  text_to_comic: ImagesIcon,
  text_to_speech: MicIcon,
  text_to_song: MusicIcon,
  text_to_dance: DanceIcon,
  comic_to_video: VideoIcon,
};

/**
 * `/daily-task` (SPEC §2 "AI daily task"): the six types as tabs with their price, points and
 * runs left today; the form of the chosen type; the task in the address (`?id=`) live, with its
 * steps, or its result, work and share links; today's tasks. While a task generates the other
 * tabs refuse with error 9003's words (the server refuses it too).
 */
export function DailyTaskPage() {
  const { t } = useTranslation('daily-tasks');
  useDocumentTitle(t('title'));
  const screen = useDailyTask();
  const { type, current, problem } = screen;
  const taskRef = useRef<HTMLElement>(null);
  // on a phone the task sits below the form: a task started (or opened) is brought into view
  // biome-ignore lint/correctness/useExhaustiveDependencies: another task shown is the trigger
  useEffect(() => {
    const section = taskRef.current;
    if (current && section && section.getBoundingClientRect().top > window.innerHeight) section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [current?.id]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-8">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand-900 to-brand-600 text-white shadow-lg shadow-brand-900/20">
          <CalendarCheckIcon size={22} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('title')}</h1>
      </div>
      <p className="mt-3 max-w-3xl text-muted">{t('intro')}</p>
      <RadixTabs.Root value={type} onValueChange={(v) => screen.choose(v as DailyTaskType)} activationMode="manual" className="mt-6 flex flex-col gap-4">
        <TypeTabs screen={screen} />
        {problem && (
          <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 dark:border-red-400/30 dark:bg-red-500/10">
            <FieldMessage text={wordsOf(problem, currentLanguage())} />
          </div>
        )}
        <RadixTabs.Content value={type} className="grid gap-6 focus-visible:outline-none md:grid-cols-2">
          <section className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby="daily-task-form-title">
            <h2 id="daily-task-form-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
              <SparklesIcon size={20} />
              {t(`types.${type}.name`)}
            </h2>
            <TaskForm key={type} screen={screen} />
          </section>
          <div className="flex min-w-0 flex-col gap-6">
            <section ref={taskRef} aria-label={t('task.label')} className="flex min-h-72 min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
              {screen.loading && (
                <div role="status" className="m-auto flex items-center gap-2 text-sm text-muted">
                  <Spinner className="size-5" />
                  {t('task.loading')}
                </div>
              )}
              {screen.failed && <LoadFailed onRetry={screen.reload} />}
              {!current && !screen.loading && !screen.failed && <p className="m-auto max-w-xs text-center text-sm text-muted">{t('task.empty')}</p>}
              {current && <TaskView task={current} screen={screen} />}
            </section>
            <TodayTasks screen={screen} />
          </div>
        </RadixTabs.Content>
      </RadixTabs.Root>
    </div>
  );
}

/** The six types: name, one line, price in counts or diamonds, points and runs left today. */
function TypeTabs({ screen }: { screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const byType = new Map((screen.overview?.types ?? []).map((x) => [x.type, x]));
  return (
    <RadixTabs.List aria-label={t('types.label')} className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {DAILY_TASK_TYPES.map((type) => {
        const Icon = ICONS[type];
        const price = DAILY_TASK_PRICES[type];
        const day = byType.get(type);
        const locked = screen.generating && type !== screen.type;
        return (
          <RadixTabs.Trigger
            key={type}
            value={type}
            aria-disabled={locked || undefined}
            className="flex min-w-0 cursor-pointer flex-col gap-1.5 rounded-2xl border border-line bg-surface p-3 text-left shadow-sm transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-55 aria-disabled:hover:border-line aria-disabled:hover:bg-surface data-[state=active]:border-brand-600 data-[state=active]:bg-brand-50 data-[state=active]:ring-2 data-[state=active]:ring-brand-600/30 dark:hover:bg-white/5 dark:data-[state=active]:bg-white/10"
          >
            <span className="flex items-center gap-2 font-semibold text-ink">
              <span className="text-brand-700 dark:text-brand-300">
                <Icon size={18} />
              </span>
              <span className="min-w-0">{t(`types.${type}.name`)}</span>
            </span>
            <span className="text-xs leading-snug text-muted">{t(`types.${type}.explain`)}</span>
            <span className="mt-auto flex flex-col gap-0.5 pt-1 text-xs">
              <span className="text-ink">{t('price.either', { counts: t('price.CAC', { count: price.CAC }), diamonds: t('price.JE', { count: price.JE }) })}</span>
              <span className="flex flex-wrap gap-x-2">
                <span className="font-semibold text-amber-700 dark:text-amber-300">{t('points', { count: day?.points ?? DAILY_TASK_POINTS[type] })}</span>
                {day && (
                  <span className={day.left === 0 ? 'font-semibold text-red-600 dark:text-red-400' : 'text-muted'} data-testid={`left-${type}`}>
                    {t('left', { left: day.left, allowance: day.allowance })}
                  </span>
                )}
              </span>
            </span>
          </RadixTabs.Trigger>
        );
      })}
    </RadixTabs.List>
  );
}

/** Today's tasks of every type, newest first: each opens in the screen. */
function TodayTasks({ screen }: { screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const today = screen.overview?.today ?? [];
  const state = (task: DailyTask) => t(`task.states.${task.state}`, { percent: task.progress });
  return (
    <section aria-labelledby="daily-task-today" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="daily-task-today" className="font-semibold text-ink">
        {t('task.today')}
      </h2>
      {today.length === 0 ? (
        <p className="text-sm text-muted">{t('task.todayEmpty')}</p>
      ) : (
        <ul aria-labelledby="daily-task-today" className="flex flex-col divide-y divide-line">
          {today.map((task) => (
            <li key={task.id}>
              <button
                type="button"
                onClick={() => screen.open(task)}
                aria-current={task.id === screen.current?.id ? 'true' : undefined}
                className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-left text-sm hover:bg-brand-50 aria-[current=true]:bg-brand-50 dark:hover:bg-white/5 dark:aria-[current=true]:bg-white/10"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">{task.title || t('result.untitled')}</span>
                  <span className="block truncate text-xs text-muted">{t(`types.${task.type}.name`)}</span>
                </span>
                <span className="shrink-0 text-xs text-muted">{state(task)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
