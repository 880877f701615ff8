import { calls, EXCHANGE_LIMITS, type ExchangeTarget } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../api/calls';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';
import { newRequestKey } from '../../api/request-key';

type Target = z.infer<typeof ExchangeTarget>;

/** Whole diamonds from what was typed, or null when it is not a number the exchange takes. */
function diamondsOf(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= EXCHANGE_LIMITS.maxDiamonds ? n : null;
}

/**
 * EXCHANGE_DIAMOND_CAC and EXCHANGE_DIAMOND_CWA: diamonds for creation counts or compute power at
 * the rate shown, which the server holds the exchange to (a changed rate is refused, not applied).
 */
export function ExchangeModal({ target, onClose }: { target: Target; onClose(): void }) {
  const { t } = useTranslation(['exchange', 'common']);
  const rates = useCall(calls.exchange.rates, {});
  const balances = useCall(calls.ledger.balances, {});
  const [text, setText] = useState('1');
  const [key, setKey] = useState(newRequestKey);
  const [tried, setTried] = useState(false);
  // the unit agrees with the number before it (1 creation count, 10 creation counts)
  const unit = (count: number) => t(`units.${target}`, { count });
  const exchange = useCallMutation(calls.exchange.exchange, {
    invalidates: ['ledger'],
    onSuccess: (done) => {
      notifySuccess(t('done', { diamonds: done.diamonds, received: done.received, unit: unit(done.received) }));
      onClose();
    },
  });
  const diamonds = diamondsOf(text);
  const perDiamond = rates.data?.[target];
  return (
    <Modal open onClose={onClose} title={t(`common:modals.EXCHANGE_DIAMOND_${target}`)}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (diamonds === null || perDiamond === undefined) return;
          exchange.mutate({ target, diamonds, perDiamond, key });
        }}
      >
        {perDiamond === undefined ? <p className="text-sm text-muted">{t('loading')}</p> : <p className="text-sm font-medium">{t('rate', { count: perDiamond, unit: unit(perDiamond) })}</p>}
        {balances.data && <p className="text-sm text-muted">{t('have', { count: balances.data.JE })}</p>}
        <TextField
          label={t('diamonds')}
          value={text}
          inputMode="numeric"
          onChange={(value) => {
            setText(value);
            // another amount is another request: it gets its own key
            setKey(newRequestKey());
          }}
          error={tried && diamonds === null ? t('amountInvalid') : null}
        />
        {diamonds !== null && perDiamond !== undefined && <p className="text-sm">{t('receive', { count: diamonds * perDiamond, unit: unit(diamonds * perDiamond) })}</p>}
        <div className="flex justify-end">
          <Button type="submit" disabled={exchange.isPending || perDiamond === undefined}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
