import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import type { AgentEditorState } from './use-agent-editor';

/**
 * Before the first edit of a published agent: edits save as they are typed, and some take the
 * agent off the public list (decision 0015), so the owner hears it before it happens.
 */
export function PublishedEditDialog({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  return (
    <Modal open={editor.confirmingEdit} onClose={() => editor.answerEdit(false)} title={t('published.confirmTitle')}>
      <p className="text-sm leading-relaxed text-muted">{t('published.confirmBody', { name: editor.agent?.nickname ?? '' })}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => editor.answerEdit(false)}>
          {t('published.cancel')}
        </Button>
        <Button onClick={() => editor.answerEdit(true)}>{t('published.confirm')}</Button>
      </div>
    </Modal>
  );
}

/** What editing a published agent does, shown while it is published, and after an edit took it off the list. */
export function PublishedNotice({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  if (editor.agent?.status === 'published') {
    return <p className="mb-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-white/5 dark:text-brand-100">{t('published.notice')}</p>;
  }
  if (!editor.tookOffList) return null;
  return (
    <p role="status" className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
      {t('published.tookOff')}
    </p>
  );
}
