import { calls, type Creation, type CreationWorkflow } from '@starlit/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCall } from '../../api/calls';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { openRecharge } from '../recharge/open-recharge';
import { PublishAction } from './publish-dialog';
import { SameStyleForm } from './same-style-form';
import { STUDIO_WORKFLOWS, type StudioWorkflow } from './studio-workflows';
import { useStudioCreation, type StudioCreation } from './use-studio-creation';

/**
 * A studio of `/aigc-publish?studio=<workflow>`: the workflow's form on one side with the price
 * on its button, the creation on the other: its live progress, the result with its engine,
 * download and regenerate, or a failure with its cause, the refund and retry.
 */
export function Studio({ workflow }: { workflow: StudioWorkflow }) {
  const { t } = useTranslation('creation');
  const { Form, Result, Icon } = STUDIO_WORKFLOWS[workflow];
  useDocumentTitle(t(`workflows.${workflow}.title`));
  const studio = useStudioCreation();
  const { current, problem } = studio;
  // "Make the same style" of a work opens the studio of its workflow with the work's settings
  const sameAs = useSearchParams()[0].get('sameAs');
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-2 md:py-12 lg:px-8">
      <section className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby="studio-title">
        <h1 id="studio-title" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink">
          <Icon size={24} />
          {sameAs ? t('sameStyle.title') : t(`workflows.${workflow}.title`)}
        </h1>
        <p className="text-sm text-muted">{t(`workflows.${workflow}.intro`)}</p>
        {sameAs ? <SameStyleForm studio={studio} workId={sameAs} /> : <Form studio={studio} submitLabel={<PriceLabel workflow={workflow} />} />}
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
      </section>
      <section aria-label={t('result')} className="flex min-h-72 min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
        {studio.loading && <Spinner className="m-auto size-8" />}
        {!current && !studio.loading && <p className="m-auto text-center text-sm text-muted">{t(`workflows.${workflow}.empty`)}</p>}
        {current && <CreationState creation={current} studio={studio} result={<Result creation={current} />} />}
      </section>
    </div>
  );
}

/** "Generate · 1 creation count": what the person would pay now, or the first price for a visitor. */
function PriceLabel({ workflow }: { workflow: CreationWorkflow }) {
  const { t } = useTranslation('creation');
  const estimate = useCall(calls.creation.estimate, { workflow });
  const charge = estimate.data?.charge ?? estimate.data?.prices[0];
  return charge ? t('generateFor', { price: t(`price.${charge.currency}`, { count: charge.amount }) }) : t('generate');
}

function CreationState({ creation, studio, result }: { creation: Creation; studio: StudioCreation; result: ReactNode }) {
  const { t } = useTranslation('creation');
  if (creation.state === 'generating') {
    return (
      <div role="status" className="m-auto flex w-full max-w-sm flex-col items-center gap-3 text-center">
        <Spinner className="size-8" />
        <p className="font-semibold text-ink">{t(`stages.${creation.stage}`)}</p>
        {creation.description && <p className="line-clamp-2 text-sm text-muted">“{creation.description}”</p>}
        <div className="h-2 w-full overflow-hidden rounded-full bg-line" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={creation.progress} aria-label={t('progress')}>
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${creation.progress}%` }} />
        </div>
        <p className="text-sm text-muted">{t('percent', { percent: creation.progress })}</p>
        {creation.engine && <p className="text-xs text-muted">{t('madeBy', { engine: creation.engine })}</p>}
        <p className="text-sm text-muted">
          {t('leaveHint')}{' '}
          <Link to="/usercenter?tab=creations" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            {t('openMine')}
          </Link>
        </p>
        <Button size="sm" variant="secondary" onClick={() => void studio.cancel(creation)}>
          {t('cancel')}
        </Button>
      </div>
    );
  }
  if (creation.state === 'done') {
    return (
      <>
        {result}
        <p className="text-xs text-muted">{t('madeBy', { engine: creation.engine ?? '' })}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void studio.download(creation)}>{t('download')}</Button>
          <Button variant="secondary" disabled={studio.pending} onClick={() => studio.again(creation)}>
            {t('regenerate')}
          </Button>
          <PublishAction creation={creation} />
        </div>
      </>
    );
  }
  return (
    <div className="m-auto flex flex-col items-center gap-3 text-center">
      {creation.description && <p className="line-clamp-2 text-sm text-muted">“{creation.description}”</p>}
      <FieldMessage text={creation.error} />
      <p className="text-sm text-muted">{t('refunded')}</p>
      <Button disabled={studio.pending} onClick={() => studio.again(creation)}>
        {t('retry')}
      </Button>
    </div>
  );
}
