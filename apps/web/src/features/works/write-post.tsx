import { WORK_LIMITS } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../platform/static-url';
import { buttonClass } from '../../ui/button';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { useCurrentUser } from '../auth/auth-store';
import { uploadWork, type Uploaded } from './upload';
import { UploadProgress } from './upload-progress';
import { useSaveWork } from './use-save-work';
import { newValues, WorkForm, type WorkFormValues } from './work-form';
import { acceptOf, checkFile } from './work-rules';

/** "Write a post": text and up to 9 pictures, each uploaded as it is picked. */
export function WritePost() {
  const { t } = useTranslation('works');
  const user = useCurrentUser();
  const [images, setImages] = useState<Uploaded[]>([]);
  const [uploading, setUploading] = useState<{ n: number; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [values, setValues] = useState<WorkFormValues>(() => newValues(user?.userName ?? '', 'Living'));
  const { save, saving, tried } = useSaveWork(null);
  const max = WORK_LIMITS.postImages;

  const add = async (files: File[]) => {
    setProblem(null);
    if (images.length + files.length > max) setProblem(t('post.tooMany', { max }));
    let added = images.length;
    for (const file of files.slice(0, max - images.length)) {
      const check = checkFile(file, ['image']);
      if (!check.ok) {
        setProblem(check.problem === 'type' ? t('upload.badType') : t('upload.tooLarge', { max: check.maxMb }));
        continue;
      }
      added += 1;
      const n = added;
      setUploading({ n, fraction: 0 });
      const result = await uploadWork(file, 'image', (fraction) => setUploading({ n, fraction }));
      if (result.ok) setImages((list) => [...list, result.data]);
      else {
        added -= 1;
        setProblem(result.message);
      }
    }
    setUploading(null);
  };

  const publish = () => {
    if (values.description.trim() === '' && images.length === 0) return setProblem(t('post.needsContent'));
    void save(values, { imageKeys: images.map((i) => i.key) }, true);
  };

  const pictures = (
    <section className="flex flex-col gap-3">
      <h2 className="text-sm font-medium text-ink">{t('post.images', { count: images.length, max })}</h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {images.map((image, i) => (
          <li key={image.key} className="relative">
            <img src={imageUrl(image.url, 200)} alt="" className="aspect-square w-full rounded-xl object-cover" />
            <button
              type="button"
              onClick={() => setImages((list) => list.filter((x) => x.key !== image.key))}
              aria-label={t('post.remove', { n: i + 1 })}
              className="absolute top-1 right-1 grid size-7 cursor-pointer place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        {images.length < max && !uploading && (
          <li>
            <label className={buttonClass('secondary', 'sm', 'aspect-square h-auto w-full cursor-pointer flex-col rounded-xl border-dashed')}>
              <PlusIcon />
              {t('post.add')}
              <input type="file" multiple accept={acceptOf(['image'])} className="sr-only" onChange={(e) => void add([...(e.target.files ?? [])]).then(() => (e.target.value = ''))} />
            </label>
          </li>
        )}
      </ul>
      {uploading && <UploadProgress label={t('post.uploading', { n: uploading.n, percent: Math.round(uploading.fraction * 100) })} fraction={uploading.fraction} />}
      <FieldMessage text={problem} />
    </section>
  );

  return (
    <WorkForm values={values} onChange={setValues} showProblems={tried} descriptionLabel={t('post.text')} before={pictures}>
      <Button disabled={saving || uploading !== null} onClick={publish}>
        {t('form.publish')}
      </Button>
    </WorkForm>
  );
}
