import { AVATAR_LIMITS, AVATAR_STYLES, calls, ErrorCode, errorMessage, type AvatarJob } from '@starlit/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk } from '../../api/client';
import { useCall } from '../../api/calls';
import { currentLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { fileToBase64 } from '../../platform/file-data';
import { FieldMessage, inputClass } from '../../ui/field';
import { FileButton } from '../../ui/file-button';

type Job = z.infer<typeof AvatarJob>;

/** Waits between status polls: the realtime `job` event usually arrives first, polling is the fallback. */
const POLL_DELAYS_MS = [1000, 2000, 5000] as const;

/** The wait before status poll `count` (0-based), backing off to the last delay. */
export function pollDelay(count: number): number {
  return POLL_DELAYS_MS[Math.min(count, POLL_DELAYS_MS.length - 1)];
}

const finished = (job: Job | undefined) => job?.status === 'done' || job?.status === 'failed';

export interface Avatar2dPanelProps {
  agentId: string;
  nickname: string;
  /** The latest generation the server knows of, so one started before a reload is followed. */
  job: Job | null;
  onChanged(): Promise<void>;
}

/** 2D avatar: a generation running in the background (polled), or an uploaded picture. */
export function Avatar2dPanel({ agentId, nickname, job, onChanged }: Avatar2dPanelProps) {
  const { t } = useTranslation('avatars');
  const [name, setName] = useState(nickname);
  const [description, setDescription] = useState('');
  const [style, setStyle] = useState('');
  const [error, setError] = useState('');
  const [jobId, setJobId] = useState<string | null>(job?.status === 'generating' ? job.jobId : null);
  const [uploading, setUploading] = useState(false);
  const status = useCall(
    calls.avatars.status,
    { jobId: jobId ?? '' },
    {
      enabled: jobId !== null,
      refetchInterval: (query) => (finished(query.state.data) || query.state.error ? false : pollDelay(query.state.dataUpdateCount)),
    },
  );
  const current = status.data;
  // the parent's callback changes on every render, so a finished job must be announced once, not per render
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (current?.status !== 'done' || announced.current === current.jobId) return;
    announced.current = current.jobId;
    void onChanged();
  }, [current, onChanged]);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !description.trim() || !style) return setError(errorMessage(ErrorCode.AVATAR_FIELDS_REQUIRED, currentLanguage()));
    setError('');
    const result = await callApi(calls.avatars.generate2d, { agentId, name, description, style });
    if (!isOk(result)) return setError(result.message);
    setJobId(result.data.jobId);
  };

  const retry = async () => {
    if (!jobId) return;
    const result = await callApi(calls.avatars.retry, { jobId });
    if (!isOk(result)) return setError(result.message);
    await status.refetch();
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const result = await callApi(calls.avatars.upload2d, { agentId, image: await fileToBase64(file) });
    setUploading(false);
    if (!isOk(result)) return setError(result.message);
    setError('');
    await onChanged();
  };

  const busy = current ? current.status === 'generating' : jobId !== null;
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(e) => void generate(e)} className="flex flex-col gap-3" aria-label={t('generate')}>
        <h3 className="text-sm font-semibold text-ink">{t('generate')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            {t('name')}
            <input value={name} maxLength={AVATAR_LIMITS.name} onChange={(e) => setName(e.target.value)} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('style')}
            <select value={style} onChange={(e) => setStyle(e.target.value)} className={inputClass}>
              <option value="">{t('chooseStyle')}</option>
              {AVATAR_STYLES.map((id) => (
                <option key={id} value={id}>
                  {t(`styles.${id}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t('description')}
          <textarea value={description} rows={2} maxLength={AVATAR_LIMITS.description} onChange={(e) => setDescription(e.target.value)} className={inputClass} />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={busy}>
            {t('start')}
          </Button>
          {current?.status === 'failed' && (
            <Button size="sm" variant="secondary" onClick={() => void retry()}>
              {t('retry')}
            </Button>
          )}
        </div>
        <div role="status" className="text-sm">
          {busy && (
            <span className="flex items-center gap-2 text-muted">
              <Spinner className="size-4" />
              {t('generating')}
            </span>
          )}
          {current?.status === 'done' && <span className="text-emerald-700 dark:text-emerald-400">{t('done', { engine: current.engine ?? '' })}</span>}
        </div>
        {current?.status === 'failed' && <FieldMessage text={t('failed', { reason: current.reason ?? '' })} />}
      </form>
      <FileButton label={t('upload2d')} accept="image/jpeg,image/png,image/webp" disabled={uploading} onFile={(file) => void upload(file)} />
      {uploading && <p className="text-sm text-muted">{t('uploading')}</p>}
      <FieldMessage text={error} />
    </div>
  );
}
