import { calls, REPORT_LIMITS, ReportDescription, ReportType, type CallOutput } from '@starlit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation } from '../../api/calls';
import { fileToBase64 } from '../../platform/file-data';
import { Button } from '../../ui/button';
import { FieldMessage, TextArea } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { useFieldError } from '../../ui/form';
import { CheckIcon, SendIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { useRuleMessage } from '../../ui/rule-message';
import { Spinner } from '../../ui/spinner';
import { pictureProblem, REPORT_PICTURE_ACCEPT, type PictureProblem } from './report-pictures';
import { BlockButton } from '../social/block-button';

type Type = z.infer<typeof ReportType>;
type Step = 'type' | 'details' | 'done';

const TYPES = ReportType.options;

interface Picture {
  file: File;
  preview: string;
}

const problemKeys = { kind: 'pictures.kind', size: 'pictures.size', count: 'pictures.count' } as const satisfies Record<PictureProblem, string>;

/** The picked pictures with their previews; a preview is released when its picture leaves or the dialog goes. */
function usePictures() {
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [problem, setProblem] = useState<PictureProblem | null>(null);
  const current = useRef(pictures);
  current.current = pictures;
  useEffect(
    () => () => {
      for (const p of current.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );
  return {
    pictures,
    problem,
    add(file: File | undefined) {
      if (!file) return;
      const found = pictureProblem(file, pictures.length);
      setProblem(found);
      if (!found) setPictures((current) => [...current, { file, preview: URL.createObjectURL(file) }]);
    },
    remove(index: number) {
      URL.revokeObjectURL(pictures[index].preview);
      setProblem(null);
      setPictures(pictures.filter((_, i) => i !== index));
    },
    clear() {
      for (const p of pictures) URL.revokeObjectURL(p.preview);
      setProblem(null);
      setPictures([]);
    },
  };
}

type Pictures = ReturnType<typeof usePictures>;

/** Step one: the type (SPEC §2, "please select report type" when none is picked). */
function TypeStep({ type, onType, onNext }: { type: Type | null; onType(type: Type): void; onNext(): void }) {
  const { t } = useTranslation('reports');
  const rule = useRuleMessage();
  const [tried, setTried] = useState(false);
  const legend = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (type) onNext();
      }}
      className="flex flex-col gap-4"
    >
      <fieldset aria-labelledby={legend}>
        <legend id={legend} className="mb-2 text-sm text-muted">
          {t('step1.prompt')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TYPES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 dark:has-checked:bg-white/10"
            >
              <input type="radio" name="report-type" value={value} checked={type === value} onChange={() => onType(value)} className="size-4 accent-brand-700" />
              {t(`types.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldMessage text={tried && !type ? rule('report.typeRequired') : null} />
      <div className="flex justify-end">
        <Button type="submit">{t('step1.next')}</Button>
      </div>
    </form>
  );
}

/** Step two: what is wrong, with up to 3 pictures as evidence. */
function DetailsStep({
  workId,
  type,
  description,
  onDescription,
  picked,
  onBack,
  onSent,
}: {
  workId: string;
  type: Type;
  description: string;
  onDescription(text: string): void;
  picked: Pictures;
  onBack(): void;
  onSent(answer: CallOutput<typeof calls.reports.submit>): void;
}) {
  const { t } = useTranslation('reports');
  const fieldError = useFieldError();
  const [tried, setTried] = useState(false);
  const { pictures, problem, add, remove } = picked;
  const submit = useCallMutation<typeof calls.reports.submit, void>(calls.reports.submit, {
    inputOf: async () => ({ workId, type, description, images: await Promise.all(pictures.map((p) => fileToBase64(p.file))) }),
    onSuccess: onSent,
  });
  const error = tried ? fieldError(ReportDescription, description) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!fieldError(ReportDescription, description)) submit.mutate();
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">{t('step2.type', { type: t(`types.${type}`) })}</p>
      <TextArea label={t('step2.description')} value={description} onChange={onDescription} max={REPORT_LIMITS.description} error={error} rows={4} placeholder={t('step2.placeholder')} />
      <div className="flex flex-col gap-2">
        {pictures.length < REPORT_LIMITS.images && <FileButton label={t('pictures.label', { max: REPORT_LIMITS.images })} accept={REPORT_PICTURE_ACCEPT} disabled={submit.isPending} onFile={add} />}
        <FieldMessage text={problem ? t(problemKeys[problem], { max: REPORT_LIMITS.images }) : null} />
        {pictures.length > 0 && (
          <ul aria-label={t('pictures.picked')} className="flex flex-wrap gap-3">
            {pictures.map((p, i) => (
              <li key={p.preview} className="relative">
                <img src={p.preview} alt={t('pictures.preview', { n: i + 1 })} className="size-20 rounded-xl border border-line object-cover" />
                <button
                  type="button"
                  onClick={() => remove(i)}
                  disabled={submit.isPending}
                  aria-label={t('pictures.remove', { n: i + 1 })}
                  className="absolute -top-2 -right-2 grid size-7 cursor-pointer place-items-center rounded-full border border-line bg-surface text-muted shadow-sm hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <TrashIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={onBack} disabled={submit.isPending}>
          {t('step2.back')}
        </Button>
        <Button type="submit" disabled={submit.isPending} icon={submit.isPending ? <Spinner className="size-4" /> : <SendIcon size={16} />}>
          {t('step2.submit')}
        </Button>
      </div>
    </form>
  );
}

/** After sending: thanks, and the offer to block the author (SPEC §2) by name. */
function DoneStep({ author, onClose }: { author: { userId: string; userName: string }; onClose(): void }) {
  const { t } = useTranslation('reports');
  return (
    <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-white/10 dark:text-brand-200">
        <CheckIcon size={24} />
      </span>
      <p className="font-semibold">{t('done.title')}</p>
      <p className="text-sm text-muted">{t('done.body')}</p>
      <p className="mt-2 text-sm font-medium break-words">{t('done.blockOffer', { name: author.userName })}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <BlockButton userId={author.userId} userName={author.userName} blocked={false} size="md" onDone={onClose} />
        <Button onClick={onClose}>{t('done.close')}</Button>
      </div>
    </div>
  );
}

/** The two-step report of a work (SPEC §2 Report flow): type, then details, then the block offer. */
export function ReportDialog({ workId, open, onClose }: { workId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation('reports');
  const [step, setStep] = useState<Step>('type');
  const [type, setType] = useState<Type | null>(null);
  const [description, setDescription] = useState('');
  const picked = usePictures();
  const [author, setAuthor] = useState({ userId: '', userName: '' });
  // a closed dialog starts over; going back a step keeps what was written and picked
  const close = () => {
    onClose();
    setStep('type');
    setType(null);
    setDescription('');
    picked.clear();
  };
  const titles = { type: t('step1.title'), details: t('step2.title'), done: t('done.heading') } as const satisfies Record<Step, string>;
  return (
    <Modal open={open} onClose={close} title={titles[step]}>
      {step === 'type' && <TypeStep type={type} onType={setType} onNext={() => setStep('details')} />}
      {step === 'details' && type && (
        <DetailsStep
          workId={workId}
          type={type}
          description={description}
          onDescription={setDescription}
          picked={picked}
          onBack={() => setStep('type')}
          onSent={(answer) => {
            setAuthor(answer.author);
            setStep('done');
          }}
        />
      )}
      {step === 'done' && <DoneStep author={author} onClose={close} />}
    </Modal>
  );
}
