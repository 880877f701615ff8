import { calls, CREATION_LIMITS, CREATION_RATIOS, CREATION_STYLES, ErrorCode, type Creation, type CreationRatio } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCall } from '../../api/calls';
import { callApi, isOk, isRefused, type CallResult } from '../../api/client';
import { invalidateCalls, setCallData } from '../../api/keys';
import { newRequestKey } from '../../api/request-key';
import { Button } from '../../ui/button';
import { FieldMessage, SelectField, TextArea } from '../../ui/field';
import { ImageIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { openRecharge } from '../recharge/open-recharge';

type Style = (typeof CREATION_STYLES)[number];

/** A refusal beside the button: "Insufficient balance" offers recharge. */
interface Problem {
  message: string;
  recharge: boolean;
}

/**
 * The text2Img studio of `/aigc-publish?studio=text2Img`: a description, a style and a ratio,
 * the price on the button; the creation's id goes into the address, so a reload (or coming back
 * from the user center) shows the same creation, its progress read again and then pushed live.
 */
export function Text2ImgStudio() {
  const { t } = useTranslation('creation');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [description, setDescription] = useState('');
  const [style, setStyle] = useState<Style>('watercolor');
  const [ratio, setRatio] = useState<CreationRatio>('1:1');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const estimate = useCall(calls.creation.estimate, { workflow: 'text2Img' });
  const creation = useCall(
    calls.creation.get,
    { id: id ?? '' },
    // the realtime push refreshes it at once; the slow poll covers a stream that is down
    { enabled: id !== null, refetchInterval: (query) => (query.state.data?.state === 'generating' ? 3000 : false) },
  );
  const current = id ? creation.data : undefined;

  const show = (made: Creation) => {
    setParams((p) => {
      p.set('id', made.id);
      return p;
    });
    setCallData(queryClient, calls.creation.get, { id: made.id }, made);
  };

  const answer = async (request: Promise<CallResult<Creation>>) => {
    setPending(true);
    const result = await request;
    setPending(false);
    await invalidateCalls(queryClient, ['ledger', calls.creation.estimate, calls.creation.list]);
    if (isOk(result)) {
      setProblem(null);
      return show(result.data);
    }
    setProblem({ message: result.message, recharge: isRefused(result) && result.code === ErrorCode.LEDGER_INSUFFICIENT });
  };

  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return setProblem({ message: t('descriptionRequired'), recharge: false });
    // one click is one request: a double click sends the same key and makes one creation
    void answer(callApi(calls.creation.create, { workflow: 'text2Img', description, style, ratio, key: newRequestKey() }));
  };
  const again = (from: Creation) => void answer(callApi(calls.creation.retry, { id: from.id, key: newRequestKey() }));
  const cancel = async (from: Creation) => {
    const result = await callApi(calls.creation.cancel, { id: from.id });
    if (isOk(result)) setCallData(queryClient, calls.creation.get, { id: from.id }, result.data);
    await invalidateCalls(queryClient, [calls.creation.get, 'ledger']);
  };
  const download = async (from: Creation) => {
    const result = await callApi(calls.creation.download, { id: from.id });
    if (!isOk(result)) return setProblem({ message: result.message, recharge: false });
    const link = document.createElement('a');
    link.href = result.data.url;
    link.download = result.data.fileName;
    link.click();
  };

  const charge = estimate.data?.charge ?? estimate.data?.prices[0];
  const generating = current?.state === 'generating';
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-2 md:py-12 lg:px-8">
      <form onSubmit={generate} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-label={t('title')}>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink">
          <ImageIcon size={24} />
          {t('title')}
        </h1>
        <p className="text-sm text-muted">{t('intro')}</p>
        <TextArea label={t('description')} value={description} onChange={setDescription} max={CREATION_LIMITS.descriptionChars} rows={4} placeholder={t('placeholder')} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField<Style> label={t('style')} value={style} onChange={(v) => v && setStyle(v)} options={CREATION_STYLES.map((s) => ({ value: s, label: t(`styles.${s}`) }))} />
          <SelectField<CreationRatio> label={t('ratio')} value={ratio} onChange={(v) => v && setRatio(v)} options={CREATION_RATIOS.map((r) => ({ value: r, label: r }))} />
        </div>
        <Button type="submit" disabled={pending || generating}>
          {charge ? t('generateFor', { price: t(`price.${charge.currency}`, { count: charge.amount }) }) : t('generate')}
        </Button>
        {problem && (
          <div className="flex flex-wrap items-center gap-3">
            <FieldMessage text={problem.message} />
            {problem.recharge && (
              <Button size="sm" variant="secondary" onClick={openRecharge}>
                {t('recharge')}
              </Button>
            )}
          </div>
        )}
      </form>
      <section aria-label={t('result')} className="flex min-h-72 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
        {!current && <p className="m-auto text-center text-sm text-muted">{t('empty')}</p>}
        {current && generating && (
          <div role="status" className="m-auto flex w-full max-w-sm flex-col items-center gap-3 text-center">
            <Spinner className="size-8" />
            <p className="font-semibold text-ink">{t(`stages.${current.stage}`)}</p>
            <div className="h-2 w-full overflow-hidden rounded-full bg-line" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={current.progress} aria-label={t('progress')}>
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${current.progress}%` }} />
            </div>
            <p className="text-sm text-muted">{t('percent', { percent: current.progress })}</p>
            <Button size="sm" variant="secondary" onClick={() => void cancel(current)}>
              {t('cancel')}
            </Button>
          </div>
        )}
        {current?.state === 'done' && current.resultUrl && (
          <>
            <img src={current.resultUrl} alt={current.description} className="mx-auto max-h-[28rem] w-auto rounded-xl object-contain" />
            <p className="text-xs text-muted">{t('madeBy', { engine: current.engine ?? '' })}</p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void download(current)}>{t('download')}</Button>
              <Button variant="secondary" disabled={pending} onClick={() => again(current)}>
                {t('regenerate')}
              </Button>
            </div>
          </>
        )}
        {(current?.state === 'failed' || current?.state === 'cancelled') && (
          <div className="m-auto flex flex-col items-center gap-3 text-center">
            <FieldMessage text={current.error} />
            <p className="text-sm text-muted">{t('refunded')}</p>
            <Button disabled={pending} onClick={() => again(current)}>
              {t('retry')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
