import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';

/** What a list shows when loading it failed: the reason toasted already, here a way to retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<AlertIcon size={30} />}
      title={t('state.errorTitle')}
      body={t('state.errorBody')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
