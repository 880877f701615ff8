import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import type { AgentEditorState } from './use-agent-editor';

/** "Saving… / Saved / Not saved — retry", announced politely. */
export function SaveIndicator({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const { saveState, agent, hasInvalid } = editor;
  return (
    <div className="flex min-h-9 items-center gap-2 text-sm">
      <span role="status" aria-label={t('save.label')} className="flex items-center gap-2">
        {saveState === 'saving' && <Spinner className="size-4" />}
        {!agent && saveState !== 'failed' ? (
          <span className="text-muted">{t('needName')}</span>
        ) : hasInvalid && saveState !== 'saving' ? (
          <span className="font-medium text-amber-700 dark:text-amber-300">{t('save.invalid')}</span>
        ) : (
          <span className={saveState === 'failed' ? 'font-medium text-red-600 dark:text-red-400' : 'text-muted'}>{t(`save.${saveState}`)}</span>
        )}
      </span>
      {saveState === 'failed' && (
        <Button size="sm" variant="secondary" onClick={editor.retry}>
          {t('save.retry')}
        </Button>
      )}
    </div>
  );
}
