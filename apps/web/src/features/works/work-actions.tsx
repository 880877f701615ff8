import { calls, type CallDef } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/calls';
import type { Invalidates } from '../../api/keys';
import { Button, buttonClass } from '../../ui/button';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';
import type { Work } from './work-types';

/** A change to a work shows in my works, its detail and the home feed. */
export const WORK_READS: Invalidates = ['works', 'home'];

/** Where a work is edited: the create page's edit view. */
export function editAddress(workId: string): string {
  return `/aigc-publish?edit=${workId}`;
}

type Done = 'actions.published' | 'actions.unpublished' | 'actions.deleted';

function useWorkCall<C extends CallDef>(call: C, done: Done, onDone?: () => void) {
  const { t } = useTranslation('works');
  return useCallMutation(call, {
    invalidates: WORK_READS,
    onSuccess: () => {
      notifySuccess(t(done));
      onDone?.();
    },
  });
}

/** "Delete <name>?": deleting takes the files too, so it asks first. */
export function ConfirmDeleteWork({ work, open, onClose, onDeleted }: { work: Work; open: boolean; onClose(): void; onDeleted?: () => void }) {
  const { t } = useTranslation('works');
  const remove = useWorkCall(calls.works.delete, 'actions.deleted', () => {
    onClose();
    onDeleted?.();
  });
  return (
    <Modal open={open} onClose={onClose} title={t('actions.confirmTitle', { name: work.name || t('mine.untitled') })}>
      <p className="text-sm leading-relaxed text-muted">{t('actions.confirmBody')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button className="bg-red-600 hover:bg-red-700" disabled={remove.isPending} onClick={() => remove.mutate({ id: work.id })}>
          {t('actions.delete')}
        </Button>
      </div>
    </Modal>
  );
}

/** The author's own buttons on a work: edit, publish or unpublish, delete. */
export function AuthorActions({ work, onDeleted }: { work: Work; onDeleted?: () => void }) {
  const { t } = useTranslation('works');
  const [confirming, setConfirming] = useState(false);
  const publish = useWorkCall(calls.works.publish, 'actions.published');
  const unpublish = useWorkCall(calls.works.unpublish, 'actions.unpublished');
  const pending = publish.isPending || unpublish.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={editAddress(work.id)} className={buttonClass('secondary', 'sm')}>
        <PencilIcon size={16} />
        {t('actions.edit')}
      </Link>
      {work.status === 'draft' ? (
        <Button size="sm" disabled={pending} onClick={() => publish.mutate({ id: work.id })}>
          {t('actions.publish')}
        </Button>
      ) : (
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => unpublish.mutate({ id: work.id })}>
          {t('actions.unpublish')}
        </Button>
      )}
      <Button size="sm" variant="secondary" icon={<TrashIcon size={16} />} onClick={() => setConfirming(true)} className="text-red-600 dark:text-red-400">
        {t('actions.delete')}
      </Button>
      <ConfirmDeleteWork work={work} open={confirming} onClose={() => setConfirming(false)} onDeleted={onDeleted} />
    </div>
  );
}
