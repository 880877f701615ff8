import type { WorkProvenance } from '@starlit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/button';
import { CopyIcon, SparklesIcon } from '../../ui/icons';
import { copyText } from './copy-text';

/** What can be made in the same style: a dance follows its song, not a description. */
const SAME_STYLE_WORKFLOWS: readonly string[] = ['text2Img', 'img2Img', 'text2Music'];

const label = 'mb-1 text-xs font-semibold tracking-wide text-muted uppercase';

/** One row of the settings: what it is and what it was. */
type Setting = [name: string, value: string];

/** The settings a creation was made with, in the order people choose them in the studio, then what came out. */
function useSettings(made: WorkProvenance): Setting[] {
  const { t } = useTranslation('works');
  const { params, facts } = made;
  const rows: Setting[] = [[t('detail.made.workflow'), t(`detail.made.workflows.${made.workflow}`)]];
  if ('style' in params) rows.push([t('detail.made.style'), t(`detail.made.styles.${params.style}`)]);
  if ('ratio' in params) rows.push([t('detail.made.ratio'), params.ratio]);
  if (facts.width && facts.height) rows.push([t('detail.made.size'), t('detail.made.sizeValue', { width: facts.width, height: facts.height })]);
  if ('strength' in params) rows.push([t('detail.made.strength'), t('detail.made.strengthValue', { percent: Math.round(params.strength * 100) })]);
  if ('genre' in params && params.genre) rows.push([t('detail.made.genre'), params.genre]);
  if ('mood' in params && params.mood) rows.push([t('detail.made.mood'), params.mood]);
  const seconds = 'seconds' in params ? params.seconds : facts.seconds;
  if (seconds) rows.push([t('detail.made.seconds'), t('detail.made.secondsValue', { seconds: Math.round(seconds) })]);
  if ('instrumental' in params && params.instrumental) rows.push([t('detail.made.instrumental'), t('detail.made.yes')]);
  if (facts.bpm) rows.push([t('detail.made.bpm'), t('detail.made.bpmValue', { bpm: Math.round(facts.bpm) })]);
  if (made.engine) rows.push([t('detail.made.engine'), made.engine]);
  return rows;
}

/**
 * "How it was made" for a work published from the studio: the prompt (copyable), every setting
 * and the engine, and the author's fee for making one in the same style (docs/works.md, Provenance).
 */
export function HowItWasMade({ made, workId }: { made: WorkProvenance; workId: string }) {
  const { t } = useTranslation('works');
  const titleId = useId();
  const settings = useSettings(made);
  const prompt = made.params.description;
  const fee = made.sameStyleFee;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-line p-3.5">
      <h3 id={titleId} className="text-sm font-semibold text-ink">
        {t('detail.made.title')}
      </h3>
      {prompt && (
        <div>
          <div className="flex items-center justify-between gap-2">
            <h4 className={label}>{t('detail.made.prompt')}</h4>
            <Button size="sm" variant="secondary" icon={<CopyIcon size={14} />} onClick={() => void copyText(prompt, t('detail.copied'))}>
              {t('detail.copyPrompt')}
            </Button>
          </div>
          <p className="mt-1 rounded-lg bg-brand-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-line dark:bg-white/5">{prompt}</p>
        </div>
      )}
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {settings.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted">{name}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-muted" title={t('detail.made.feeHint')}>
            {t('detail.made.fee')}
          </dt>
          <dd className="text-ink">{fee > 0 ? t('detail.made.feeValue', { count: fee }) : t('detail.made.free')}</dd>
        </div>
      </dl>
      {SAME_STYLE_WORKFLOWS.includes(made.workflow) && (
        <Link to={`/aigc-publish?studio=${made.workflow}&sameAs=${workId}`} className={buttonClass('primary', 'sm', 'self-start')}>
          <SparklesIcon size={14} />
          {t('detail.made.sameStyle')}
        </Link>
      )}
    </section>
  );
}
