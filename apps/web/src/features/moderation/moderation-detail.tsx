import { calls, MODERATION_LIMITS, ModerationReason, type CallOutput } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { openPictures } from '../../app/modal-areas';
import { imageUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { DateTime } from '../../ui/date-time';
import { TextArea } from '../../ui/field';
import { useFieldError } from '../../ui/form';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifySuccess } from '../../ui/toast';
import { Cover } from './moderation-lists';

type Report = CallOutput<typeof calls.moderation.detail>['reports'][number];
type Action = 'dismiss' | 'hide' | 'unhide' | 'strike';

/** Hide and strike tell the author why; dismiss and unhide may say nothing. */
const NEEDS_REASON: Record<Action, boolean> = { dismiss: false, hide: true, unhide: false, strike: true };

function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation('moderation');
  return (
    <li className={`rounded-xl border border-line p-3 ${report.status === 'open' ? '' : 'opacity-70'}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar name={report.reporter.userName} src={report.reporter.avatar} />
        <span className="font-medium">{report.reporter.userName}</span>
        <span className="rounded-full border border-line px-2 text-xs leading-5">{t(`types.${report.type}`)}</span>
        <span className="text-xs text-muted">{t(`status.${report.status}`)}</span>
        <DateTime value={report.createdAt} className="ml-auto text-xs text-muted tabular-nums" />
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap">{report.description}</p>
      {report.images.length > 0 && (
        <ul aria-label={t('detail.evidence')} className="mt-2 flex flex-wrap gap-2">
          {report.images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => openPictures(report.images, i)}
                aria-label={t('detail.openPicture', { n: i + 1, name: report.reporter.userName })}
                className="block cursor-zoom-in rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <img src={imageUrl(src, 240)} alt={t('detail.picture', { n: i + 1, name: report.reporter.userName })} className="size-24 rounded-lg border border-line object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The reason box and the four actions on one work. */
function Actions({ workId, hidden }: { workId: string; hidden: boolean }) {
  const { t } = useTranslation('moderation');
  const fieldError = useFieldError();
  const [reason, setReason] = useState('');
  const [alsoHide, setAlsoHide] = useState(false);
  const [tried, setTried] = useState<Action | null>(null);
  const done = (action: Action) => () => {
    notifySuccess(t(`done.${action}`));
    setReason('');
    setAlsoHide(false);
    setTried(null);
  };
  const options = (action: Action) => ({ invalidates: ['moderation' as const, 'works' as const], onSuccess: done(action) });
  const mutations = {
    dismiss: useCallMutation(calls.moderation.dismiss, options('dismiss')),
    hide: useCallMutation(calls.moderation.hide, options('hide')),
    unhide: useCallMutation(calls.moderation.unhide, options('unhide')),
    strike: useCallMutation(calls.moderation.strike, options('strike')),
  };
  const pending = Object.values(mutations).some((m) => m.isPending);
  const error = tried && NEEDS_REASON[tried] ? fieldError(ModerationReason, reason) : null;

  const run = (action: Action) => {
    setTried(action);
    if (NEEDS_REASON[action] && fieldError(ModerationReason, reason)) return;
    if (action === 'strike') mutations.strike.mutate({ workId, reason, hide: alsoHide && !hidden });
    else mutations[action].mutate({ workId, reason });
  };

  return (
    <section aria-label={t('actions.label')} className="flex flex-col gap-3 rounded-xl border border-dashed border-brand-300 bg-brand-50/50 p-4 dark:bg-white/5">
      <TextArea label={t('actions.reason')} value={reason} onChange={setReason} max={MODERATION_LIMITS.reason} error={error} rows={2} placeholder={t('actions.reasonHint')} />
      {!hidden && (
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={alsoHide} onChange={(e) => setAlsoHide(e.target.checked)} className="size-4 accent-brand-700" />
          {t('actions.alsoHide')}
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={pending} onClick={() => run('dismiss')}>
          {t('actions.dismiss')}
        </Button>
        {hidden ? (
          <Button variant="secondary" size="sm" disabled={pending} onClick={() => run('unhide')}>
            {t('actions.unhide')}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" disabled={pending} onClick={() => run('hide')}>
            {t('actions.hide')}
          </Button>
        )}
        <Button size="sm" disabled={pending} onClick={() => run('strike')}>
          {t('actions.strike')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('actions.rule', { strikes: MODERATION_LIMITS.strikesToMute, days: MODERATION_LIMITS.strikeDays, mute: MODERATION_LIMITS.muteDays })}</p>
    </section>
  );
}

/** One reported work: who made it, its reports with their evidence, and the actions. */
export function WorkDetail({ workId }: { workId: string }) {
  const { t } = useTranslation('moderation');
  const detail = useCall(calls.moderation.detail, { workId });
  if (detail.isPending) {
    return (
      <Loading className="flex flex-col gap-3 p-4">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </Loading>
    );
  }
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const { work, reports } = detail.data;
  const open = reports.filter((r) => r.status === 'open').length;
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex items-start gap-3">
        <Cover src={work.cover} className="size-20" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{work.workName}</h2>
          <p className="text-sm text-muted">{t('queue.by', { name: work.author.userName })}</p>
          {work.hidden && (
            <p className="mt-1 text-sm break-words">
              <span className="rounded-full bg-amber-100 px-2 text-xs leading-5 font-semibold text-amber-900">{t('hiddenBadge')}</span>
              {work.hiddenReason && <span className="ml-2 text-muted">{work.hiddenReason}</span>}
            </p>
          )}
        </div>
      </div>
      <Actions workId={work.workId} hidden={work.hidden} />
      <h3 className="text-sm font-semibold">{t('detail.reports', { open, count: reports.length })}</h3>
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ul>
    </div>
  );
}
