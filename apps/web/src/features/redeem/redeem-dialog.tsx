import { calls } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';

/** A redeem code entry: the code's value is credited once and the balances refresh. */
export function RedeemDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('redeem');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const redeem = useCallMutation(calls.redeem.redeem, {
    invalidates: ['ledger'],
    onSuccess: (done) => {
      notifySuccess(t('done', { amount: done.amount, unit: t(`units.${done.currency}`) }));
      onClose();
    },
  });
  const empty = code.replace(/[\s-]/g, '') === '';
  return (
    <Modal open onClose={onClose} title={t('title')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!empty) redeem.mutate({ code });
        }}
      >
        <TextField
          label={t('label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            // the last refusal was about the code as it was
            redeem.reset();
          }}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          error={tried && empty ? t('required') : redeem.error ? redeem.error.message : null}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={redeem.isPending}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
