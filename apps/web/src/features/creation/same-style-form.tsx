import { calls, CREATION_LIMITS, type CreationParams } from '@starlit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../api/calls';
import { isOk } from '../../api/client';
import { useWork } from '../works/work-queries';
import { Button } from '../../ui/button';
import { TextArea } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { ReferencePicker, type Reference } from './img2img-form';
import type { StudioCreation } from './use-studio-creation';

/** The settings "Make the same style" keeps, in words. */
function useKeptSettings(params: CreationParams): string[] {
  const { t } = useTranslation('creation');
  const kept: string[] = [];
  if ('style' in params) kept.push(t('sameStyle.setting', { name: t('style'), value: t(`styles.${params.style}`) }));
  if ('ratio' in params) kept.push(t('sameStyle.setting', { name: t('ratio'), value: params.ratio }));
  if ('strength' in params) kept.push(t('sameStyle.strength', { percent: Math.round(params.strength * 100) }));
  if ('genre' in params && params.genre) kept.push(params.genre);
  if ('mood' in params && params.mood) kept.push(params.mood);
  if ('seconds' in params) kept.push(t('sameStyle.seconds', { seconds: params.seconds }));
  return kept;
}

/**
 * "Make the same style" (SPEC §4) of a work, from its "How it was made": the work's settings
 * kept, my own description (and picture, for image to image), and the price plus the author's
 * fee on the button. The fee is paid to the author only when the result is done.
 */
export function SameStyleForm({ studio, workId }: { studio: StudioCreation; workId: string }) {
  const { t } = useTranslation('creation');
  const answer = useWork(workId);
  const work = answer.data && isOk(answer.data) ? answer.data.data : undefined;
  const made = work?.creation ?? undefined;
  const estimate = useCall(calls.creation.estimate, { workflow: made?.workflow ?? 'text2Img', workId }, { enabled: made !== undefined });
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState<Reference | null>(null);
  const [uploading, setUploading] = useState(false);
  const kept = useKeptSettings(made?.params ?? { workflow: 'text2Img', description: '', style: 'anime', ratio: '1:1' });
  if (answer.isPending) return <Spinner className="mx-auto size-6" />;
  // a work gone private or deleted answers the works feature's refusal, in its words
  if (answer.data && !isOk(answer.data)) return <p className="text-sm text-muted">{answer.data.message}</p>;
  if (!work || !made) return <p className="text-sm text-muted">{t('sameStyle.unavailable')}</p>;

  const charge = estimate.data?.charge ?? estimate.data?.prices[0];
  const fee = estimate.data?.fee ?? 0;
  const price = charge ? t(`price.${charge.currency}`, { count: charge.amount }) : '';
  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return studio.setProblem({ message: t('descriptionRequired'), recharge: false });
    if (made.workflow === 'img2Img' && !reference) return studio.setProblem({ message: t('workflows.img2Img.pictureRequired'), recharge: false });
    studio.sameStyle({ workId, description, ...(reference ? { referenceKey: reference.key } : {}) });
  };
  return (
    <form onSubmit={generate} className="flex flex-col gap-4" aria-label={t('sameStyle.title')}>
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm dark:border-white/10 dark:bg-white/5">
        <p className="font-semibold text-ink">{t('sameStyle.of', { name: work.name, author: work.author.userName })}</p>
        <p className="mt-1 text-muted">{kept.join(' · ')}</p>
        <p className="mt-1 text-muted">{fee > 0 ? t('sameStyle.fee', { count: fee }) : t('sameStyle.noFee')}</p>
      </div>
      {made.workflow === 'img2Img' && <ReferencePicker reference={reference} onChange={setReference} onUploading={setUploading} />}
      <TextArea label={t('description')} value={description} onChange={setDescription} max={CREATION_LIMITS.descriptionChars} rows={4} placeholder={made.params.description} />
      <Button type="submit" disabled={uploading || studio.pending || studio.generating}>
        {price ? (fee > 0 ? t('sameStyle.generateFor', { price, count: fee }) : t('generateFor', { price })) : t('generate')}
      </Button>
      <p className="text-sm text-muted">
        {t('leaveHint')}{' '}
        <Link to="/usercenter?tab=creations" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('openMine')}
        </Link>
      </p>
    </form>
  );
}
