import { calls } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invalidateCalls } from '../../api/keys';
import { CallFailure, requestData } from '../../api/query';
import { notifySuccess } from '../../ui/toast';
import { WORK_READS } from './work-actions';
import { fieldsOf, workProblems, type WorkFormValues } from './work-form';
import type { Work } from './work-types';

/** Where a saved work leads: my works. */
export const MY_WORKS_ADDRESS = '/aigc-publish?view=mine';

/** What a new work is made from: an uploaded file, or a post's uploaded pictures. */
export type WorkContent = { mediaKey: string } | { imageKeys: string[] };

/**
 * Saving a work: create (or update), the publisher when it differs, then publish when asked.
 * A work created by a first try that failed later is updated on the next try, as the upload
 * can belong to one work only. Refusals are toasted in the server's words by requestData.
 */
export function useSaveWork(existing: Work | null) {
  const { t } = useTranslation('works');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [workId, setWorkId] = useState<string | null>(existing?.id ?? null);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const save = async (values: WorkFormValues, content: WorkContent | null, publish: boolean) => {
    setTried(true);
    if (Object.keys(workProblems(values)).length > 0 || values.category === '') return;
    const fields = fieldsOf({ ...values, category: values.category });
    const publisher = values.publisher.trim();
    setSaving(true);
    try {
      let work: Work;
      if (workId) {
        work = await requestData(calls.works.update, { id: workId, ...fields, publisher });
      } else {
        work = await requestData(calls.works.create, { ...fields, ...content });
        setWorkId(work.id);
        if (work.publisher !== publisher) work = await requestData(calls.works.update, { id: work.id, ...fields, publisher });
      }
      if (publish && work.status === 'draft') work = await requestData(calls.works.publish, { id: work.id });
      await invalidateCalls(queryClient, WORK_READS);
      notifySuccess(publish ? t('form.published') : existing ? t('form.saved') : t('form.drafted'));
      void navigate(MY_WORKS_ADDRESS);
    } catch (error) {
      // the refusal was toasted already; anything else is a bug worth seeing
      if (!(error instanceof CallFailure)) throw error;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, tried };
}
