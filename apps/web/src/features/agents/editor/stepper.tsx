import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../ui/icons';
import { goToStep, REQUIREMENTS, STEPS, type StepId, type StepStatus } from './steps';

const dot: Record<StepStatus, string> = {
  done: 'bg-emerald-500 text-white',
  missing: 'border-2 border-amber-400 text-amber-700 dark:text-amber-300',
  optional: 'border border-line text-muted',
};

/** The step list: a side column on desktop, a compact scrollable row on phones. */
export function Stepper({ statuses, missing }: { statuses: Record<StepId, StepStatus>; missing: number }) {
  const { t } = useTranslation('agents');
  // counted like the publish checklist it leads to, so "8/8" means it can be published
  const done = REQUIREMENTS.length - missing;
  return (
    <nav aria-label={t('steps.label')}>
      <p className="mb-2 hidden text-xs font-semibold tracking-wide text-muted uppercase lg:block">{t('steps.label')}</p>
      <ol className="no-scrollbar flex gap-1.5 overflow-x-auto lg:flex-col lg:gap-1 lg:overflow-visible">
        {STEPS.map((step, index) => (
          <li key={step} className="shrink-0">
            <button
              type="button"
              onClick={() => goToStep(step)}
              className="flex w-full cursor-pointer items-center gap-2.5 rounded-xl px-2 py-1.5 text-left text-sm text-ink transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 lg:px-3 lg:py-2 dark:hover:bg-white/10"
            >
              <span aria-hidden="true" className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${dot[statuses[step]]}`}>
                {statuses[step] === 'done' ? <CheckIcon size={14} /> : index + 1}
              </span>
              <span className="sr-only lg:not-sr-only">{t(`steps.${step}`)}</span>
              <span className="sr-only">({t(`steps.${statuses[step]}`)})</span>
            </button>
          </li>
        ))}
        <li className="shrink-0 lg:mt-2">
          <button
            type="button"
            onClick={() => goToStep('publish')}
            className="flex cursor-pointer items-center gap-2 rounded-xl bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 lg:py-2 dark:bg-white/10 dark:text-brand-200"
          >
            {t('publish.checklist')}
            <span className="text-xs text-muted">
              {done}/{REQUIREMENTS.length}
            </span>
          </button>
        </li>
      </ol>
    </nav>
  );
}
