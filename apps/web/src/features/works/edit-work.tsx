import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk, isRefused } from '../../api/client';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { useSaveWork } from './use-save-work';
import { WorkForm, valuesOf, type WorkFormValues } from './work-form';
import { WorkMedia } from './work-media';
import { useWork } from './work-queries';
import type { Work } from './work-types';

function EditForm({ work }: { work: Work }) {
  const { t } = useTranslation('works');
  const [values, setValues] = useState<WorkFormValues>(() => valuesOf(work));
  const { save, saving, tried } = useSaveWork(work);
  return (
    <WorkForm values={values} onChange={setValues} showProblems={tried} descriptionLabel={work.kind === 'post' ? t('post.text') : undefined} before={<WorkMedia work={work} />}>
      <Button variant={work.status === 'draft' ? 'secondary' : 'primary'} disabled={saving} onClick={() => void save(values, null, false)}>
        {t('form.save')}
      </Button>
      {work.status === 'draft' && (
        <Button disabled={saving} onClick={() => void save(values, null, true)}>
          {t('form.publish')}
        </Button>
      )}
    </WorkForm>
  );
}

/** Editing one of my works (SPEC §5): name, tag and publisher are required. */
export function EditWork({ workId }: { workId: string }) {
  const { t } = useTranslation('works');
  const work = useWork(workId);
  if (work.isPending) {
    return (
      <Loading>
        <Skeleton className="h-96 w-full" />
      </Loading>
    );
  }
  const result = work.data;
  if (result && isRefused(result)) return <FieldMessage text={result.message} />;
  if (!result || !isOk(result)) return <LoadFailed onRetry={() => void work.refetch()} />;
  if (!result.data.isOwner) return <FieldMessage text={t('edit.notYours')} />;
  return <EditForm key={result.data.updatedAt} work={result.data} />;
}
