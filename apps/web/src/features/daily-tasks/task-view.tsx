import type { DailyTask } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Button, buttonClass } from '../../ui/button';
import { dateTimeText } from '../../ui/date-time';
import { FieldMessage } from '../../ui/field';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { withWork } from '../works/work-address';
import { SharePanel } from './share-panel';
import { TaskResult } from './task-results';
import { type DailyTaskScreen, wordsOf } from './use-daily-task';

/** The shown task: its live progress and steps, its failure with a retry, or its result, points, work and share links. */
export function TaskView({ task, screen }: { task: DailyTask; screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 items-center gap-3">
        {task.agent && <Avatar name={task.agent.name} src={task.agent.avatar} size="md" />}
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-ink">{task.title || t('result.untitled')}</h2>
          <p className="truncate text-sm text-muted">
            {t(`types.${task.type}.name`)}
            {task.agent && ` · ${t('task.starring', { name: task.agent.name })}`}
          </p>
        </div>
      </div>
      {task.state === 'generating' && <Generating task={task} screen={screen} />}
      {(task.state === 'failed' || task.state === 'cancelled') && <Failed task={task} screen={screen} />}
      {task.state === 'done' && <Done task={task} screen={screen} />}
    </div>
  );
}

function Generating({ task, screen }: { task: DailyTask; screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const running = task.steps.find((s) => s.state === 'running');
  return (
    <div role="status" className="flex flex-col gap-3">
      <div className="flex items-center gap-2 font-semibold text-ink">
        <Spinner className="size-5" />
        {running ? t(`steps.${running.name}`) : t('task.preparing')}
      </div>
      <div className="h-2 w-full overflow-hidden rounded-full bg-line" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={task.progress} aria-label={t('task.progress')}>
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${task.progress}%` }} />
      </div>
      <p className="text-sm text-muted tabular-nums">{t('task.percent', { percent: task.progress })}</p>
      <Steps task={task} />
      <p className="text-sm text-muted">{t('task.leaveHint')}</p>
      <div>
        <Button disabled={screen.pending} size="sm" variant="secondary" onClick={() => screen.cancel(task)}>
          {t('task.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** DAILY_TASK_STEPS of the type with their states and the engine that did each. */
function Steps({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  return (
    <ol aria-label={t('task.steps')} className="flex flex-col gap-1.5">
      {task.steps.map((step) => (
        <li key={step.name} data-state={step.state} className="flex items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm data-[state=running]:bg-brand-50 dark:data-[state=running]:bg-white/5">
          <span className="mt-0.5 grid size-5 shrink-0 place-items-center" aria-hidden="true">
            {step.state === 'done' ? (
              <CheckIcon size={16} className="text-emerald-600" />
            ) : step.state === 'running' ? (
              <Spinner className="size-4" />
            ) : step.state === 'failed' ? (
              <AlertIcon size={16} className="text-red-600" />
            ) : (
              <span className="size-2 rounded-full bg-line" />
            )}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-ink">
              {t(`steps.${step.name}`)} <span className="text-muted">· {t(`task.stepState.${step.state}`)}</span>
            </span>
            {step.engine && <span className="truncate text-xs text-muted">{t('task.by', { engine: step.engine })}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Failed({ task, screen }: { task: DailyTask; screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const cause = task.errorCode ? wordsOf({ code: task.errorCode, message: task.error ?? '' }, currentLanguage()) : task.error;
  const from = task.steps.find((s) => s.state !== 'done');
  return (
    <div className="flex flex-col gap-3">
      <FieldMessage text={cause} />
      <p className="text-sm font-medium text-ink">{t('task.refunded')}</p>
      <Steps task={task} />
      {from && <p className="text-sm text-muted">{t('task.retryFrom', { step: t(`steps.${from.name}`) })}</p>}
      <div>
        <Button disabled={screen.pending} onClick={() => screen.retry(task)}>
          {t('task.retry')}
        </Button>
      </div>
    </div>
  );
}

function Done({ task, screen }: { task: DailyTask; screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const location = useLocation();
  const { publish } = task;
  return (
    <div className="flex flex-col gap-4">
      <TaskResult task={task} />
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">{t('task.earned', { count: task.points })}</span>
        <span className="text-muted">{t('task.cost', { price: t(`price.${task.cost.currency}`, { count: task.cost.amount }) })}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {publish.state === 'published' && publish.workId && (
          <>
            <span className="text-sm text-muted">{t('task.publishedAs')}</span>
            <Link to={{ pathname: location.pathname, search: withWork(location.search, publish.workId) }} className={buttonClass('secondary', 'sm')}>
              {t('task.viewWork')}
            </Link>
          </>
        )}
        {publish.state === 'scheduled' && publish.at && (
          <>
            <span className="text-sm font-medium text-ink">{t('task.scheduledFor', { time: dateTimeText(publish.at) })}</span>
            <Button disabled={screen.pending} size="sm" variant="secondary" onClick={() => screen.publish(task)}>
              {t('task.publishNow')}
            </Button>
            <Button disabled={screen.pending} size="sm" variant="secondary" onClick={() => screen.unschedule(task)}>
              {t('task.unschedule')}
            </Button>
          </>
        )}
        {publish.state === 'unpublished' && (
          <>
            <span className="text-sm text-muted">{t('task.unpublished')}</span>
            <Button disabled={screen.pending} size="sm" onClick={() => screen.publish(task)}>
              {t('task.publishNow')}
            </Button>
          </>
        )}
        {publish.state === 'waiting' && <span className="text-sm text-muted">{t('task.publishing')}</span>}
      </div>
      <SharePanel task={task} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-ink">{t('task.howMade')}</summary>
        <div className="pt-2">
          <Steps task={task} />
        </div>
      </details>
    </div>
  );
}
