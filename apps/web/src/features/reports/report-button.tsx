import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { AlertIcon } from '../../ui/icons';
import { useCurrentUser } from '../auth/auth-store';
import { redirectToSignIn } from '../auth/sign-in';
import { ReportDialog } from './report-dialog';

/** "Report" on a work someone else made; a visitor is sent to sign in first. */
export function ReportButton({ workId, authorId }: { workId: string; authorId: string }) {
  const { t } = useTranslation('reports');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  // your own work cannot be reported (4505): no button to press
  if (user?.userId === authorId) return null;
  return (
    <>
      <Button variant="secondary" size="sm" icon={<AlertIcon size={16} />} onClick={() => (user ? setOpen(true) : redirectToSignIn())}>
        {t('button')}
      </Button>
      <ReportDialog workId={workId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
