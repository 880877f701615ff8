import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { useCurrentUser } from '../auth/auth-store';
import { uploadWork, type Uploaded } from './upload';
import { UploadProgress } from './upload-progress';
import { useSaveWork } from './use-save-work';
import { newValues, WorkForm, type WorkFormValues } from './work-form';
import { acceptOf, checkFile } from './work-rules';

type Phase = { step: 'pick'; problem: string | null } | { step: 'uploading'; name: string; fraction: number } | { step: 'ready'; name: string; file: Uploaded };

const CATEGORY_OF = { image: 'Image', audio: 'Music', video: 'Video' } as const;

function Preview({ file }: { file: Uploaded }) {
  const src = staticUrl(file.url);
  if (file.kind === 'image') return <img src={src} alt="" className="max-h-72 w-full rounded-xl bg-brand-50 object-contain dark:bg-white/5" />;
  if (file.kind === 'audio') return <audio controls src={src} className="w-full" />;
  return <video controls src={src} className="max-h-72 w-full rounded-xl bg-black" />;
}

/** "Publish a work": pick a file, upload it with progress, then describe it and save or publish. */
export function PublishWork() {
  const { t } = useTranslation('works');
  const user = useCurrentUser();
  const [phase, setPhase] = useState<Phase>({ step: 'pick', problem: null });
  const [values, setValues] = useState<WorkFormValues>(() => newValues(user?.userName ?? ''));
  const { save, saving, tried } = useSaveWork(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const check = checkFile(file);
    if (!check.ok) return setPhase({ step: 'pick', problem: check.problem === 'type' ? t('upload.badType') : t('upload.tooLarge', { max: check.maxMb }) });
    setPhase({ step: 'uploading', name: file.name, fraction: 0 });
    const result = await uploadWork(file, check.kind, (fraction) => setPhase({ step: 'uploading', name: file.name, fraction }));
    if (!result.ok) return setPhase({ step: 'pick', problem: result.message });
    setPhase({ step: 'ready', name: file.name, file: result.data });
    // the category follows the file until the author picks one
    setValues((v) => (v.category === '' ? { ...v, category: CATEGORY_OF[result.data.kind] } : v));
  };

  const picker = (
    <section className="flex flex-col gap-3 rounded-2xl border border-dashed border-line p-4">
      {phase.step === 'ready' ? (
        <>
          <Preview file={phase.file} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">{t('upload.done', { name: phase.name })}</p>
            {/* the file left behind belongs to no work, so the media sweep removes it later */}
            <Button variant="secondary" size="sm" onClick={() => setPhase({ step: 'pick', problem: null })}>
              {t('upload.again')}
            </Button>
          </div>
        </>
      ) : phase.step === 'uploading' ? (
        <UploadProgress label={t('upload.progress', { name: phase.name, percent: Math.round(phase.fraction * 100) })} fraction={phase.fraction} />
      ) : (
        <>
          <FileButton label={t('upload.pick')} accept={acceptOf(['image', 'audio', 'video'])} onFile={(file) => void pick(file)} />
          <p className="text-xs leading-relaxed text-muted">{t('upload.hint')}</p>
          <FieldMessage text={phase.problem} />
        </>
      )}
    </section>
  );

  if (phase.step !== 'ready') return picker;
  const content = { mediaKey: phase.file.key };
  return (
    <WorkForm values={values} onChange={setValues} showProblems={tried} before={picker}>
      <Button variant="secondary" disabled={saving} onClick={() => void save(values, content, false)}>
        {t('form.saveDraft')}
      </Button>
      <Button disabled={saving} onClick={() => void save(values, content, true)}>
        {t('form.publish')}
      </Button>
    </WorkForm>
  );
}
