import { calls, type Voice } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk } from '../../api/client';
import { useCall } from '../../api/calls';
import { invalidateCalls, setCallData } from '../../api/keys';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { fileToBase64 } from '../../platform/file-data';
import { FieldMessage, inputClass } from '../../ui/field';
import { FileButton } from '../../ui/file-button';

type VoiceData = z.infer<typeof Voice>;
type Phase = { step: 'idle' } | { step: 'checking' } | { step: 'refused'; reason: string } | { step: 'cloning'; voiceId: string };

/** Upload of a clip to clone a voice: checking → creating → done, or failed with the reason. */
export function CloneUpload() {
  const { t } = useTranslation('voices');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [gender, setGender] = useState<VoiceData['gender']>('Female');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const cloneId = phase.step === 'cloning' ? phase.voiceId : null;
  const detail = useCall(
    calls.voices.detail,
    { id: cloneId ?? '' },
    {
      enabled: cloneId !== null,
      refetchInterval: (query) => (query.state.data?.status === 'creating' ? 1000 : false),
    },
  );
  const voice = detail.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setPhase({ step: 'refused', reason: t('clone.needFile') });
    setPhase({ step: 'checking' });
    const result = await callApi(calls.voices.clone, { name: name.trim() || file.name.slice(0, 20), gender, language: 'en', audio: await fileToBase64(file) });
    if (!isOk(result)) return setPhase({ step: 'refused', reason: result.message });
    setCallData(queryClient, calls.voices.detail, { id: result.data.id }, result.data);
    setPhase({ step: 'cloning', voiceId: result.data.id });
    await invalidateCalls(queryClient, [calls.voices.list]);
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mb-2 flex flex-col gap-3 rounded-xl bg-brand-50/60 p-3 dark:bg-white/5" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('clone.title')}
      </h3>
      <p className="text-xs text-muted">{t('clone.hint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          {t('clone.name')}
          <input value={name} maxLength={20} onChange={(e) => setName(e.target.value)} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('clone.gender')}
          <select value={gender} onChange={(e) => setGender(e.target.value === 'Male' ? 'Male' : 'Female')} className={inputClass}>
            <option value="Female">{t('genders.Female')}</option>
            <option value="Male">{t('genders.Male')}</option>
          </select>
        </label>
      </div>
      <FileButton label={t('clone.file')} accept="audio/*,.wav,.mp3,.ogg,.m4a,.flac" onFile={(chosen) => setFile(chosen ?? null)} />
      <div>
        <Button type="submit" size="sm" disabled={phase.step === 'checking' || voice?.status === 'creating'}>
          {t('clone.submit')}
        </Button>
      </div>
      <div role="status" className="flex flex-col gap-1 text-sm">
        {phase.step === 'checking' && (
          <span className="flex items-center gap-2 text-muted">
            <Spinner className="size-4" />
            {t('clone.checking')}
          </span>
        )}
        {phase.step === 'cloning' && voice?.status === 'creating' && (
          <span className="flex items-center gap-2 text-muted">
            <Spinner className="size-4" />
            {t('clone.creating')}
          </span>
        )}
        {phase.step === 'cloning' && voice?.status === 'done' && <span className="text-emerald-700 dark:text-emerald-400">{t('clone.done', { name: voice.name })}</span>}
        {phase.step === 'cloning' && voice?.clonedBy && <span className="text-xs text-muted">{t('clone.engine', { engine: voice.clonedBy })}</span>}
      </div>
      {phase.step === 'refused' && <FieldMessage text={t('clone.failed', { reason: phase.reason })} />}
      {phase.step === 'cloning' && voice?.status === 'failed' && <FieldMessage text={t('clone.failed', { reason: voice.failureReason ?? '' })} />}
    </form>
  );
}
