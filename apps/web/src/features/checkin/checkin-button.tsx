import { calls } from '@starlit/contract';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { notifySuccess } from '../../ui/toast';

/** The daily check-in beside the points balance: points once per UTC+8 day, more for a streak. */
export function CheckinButton() {
  const { t } = useTranslation('checkin');
  const status = useCall(calls.checkin.status, {});
  const checkin = useCallMutation(calls.checkin.checkin, {
    invalidates: ['checkin', 'ledger'],
    onSuccess: (done) => notifySuccess(t('toast', { points: done.points })),
  });
  if (!status.data) return null;
  const { checkedInToday, streak, nextPoints } = status.data;
  return (
    <div className="flex flex-col items-end gap-1 text-right">
      <Button size="sm" disabled={checkedInToday || checkin.isPending} onClick={() => checkin.mutate({})}>
        {checkedInToday ? t('done') : t('button')}
      </Button>
      <span className="text-xs text-muted" data-testid="checkin-note">
        {checkedInToday ? t('streak', { count: streak }) : t('hint', { points: nextPoints })}
      </span>
    </div>
  );
}
