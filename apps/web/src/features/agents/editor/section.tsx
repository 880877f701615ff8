import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionId, type StepId } from './steps';

/** One step of the form: a titled, focusable region the step list scrolls to. */
export function StepSection({ step, index, children }: { step: StepId; index: number; children: ReactNode }) {
  const { t } = useTranslation('agents');
  const titleId = `${sectionId(step)}-title`;
  return (
    <section id={sectionId(step)} tabIndex={-1} aria-labelledby={titleId} className="scroll-mt-24 rounded-2xl border border-line bg-surface p-4 shadow-sm outline-none sm:p-6">
      <header className="mb-4">
        <h2 id={titleId} className="flex items-center gap-2.5 text-base font-semibold text-ink">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800 dark:bg-white/10 dark:text-brand-200">
            {index + 1}
          </span>
          {t(`steps.${step}`)}
        </h2>
        <p className="mt-1 text-sm text-muted">{t(`stepHints.${step}`)}</p>
      </header>
      {children}
    </section>
  );
}
