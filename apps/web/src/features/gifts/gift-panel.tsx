import { calls, ErrorCode, GIFT_RULES, type CallOutput } from '@starlit/contract';
import { formatMonthDay } from '@starlit/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/calls';
import { CallFailure } from '../../api/query';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { notifySuccess } from '../../ui/toast';
import { GiftArt } from './gift-art';
import { GiftBurst } from './gift-burst';
import { openRecharge } from '../recharge/open-recharge';
import { newRequestKey } from '../../api/request-key';

type Gift = CallOutput<typeof calls.gifts.list>['gifts'][number];
type Sent = CallOutput<typeof calls.gifts.send>['send'];

/** A gift's price now, in words: free, free until a date, or points or diamonds (per gift). */
export function usePriceText() {
  const { t } = useTranslation('gifts');
  return (cost: Gift['cost'], count = 1) => (cost.currency === 'free' ? t('price.free') : t(`price.${cost.currency}`, { count: cost.amount * count }));
}

/**
 * The gifts panel of an agent's page (SPEC §2 agent page "gifts"): pick one of the seven gifts
 * (its price now, expiry, and the free gifts left today), how many, and send it; the send
 * animation plays over the page. The price shown is the price sent, so a limited-time gift
 * whose time ran out meanwhile is refused, not charged. In a live show (`showId`) the gift goes
 * to the agent on stage through `live/gift`, and the stage plays its animation for everyone.
 */
export function GiftPanel({ agentId, agentName, showId, onClose }: { agentId: string; agentName: string; showId?: string; onClose(): void }) {
  const { t } = useTranslation('gifts');
  const price = usePriceText();
  const list = useCall(calls.gifts.list, {});
  const balances = useCall(calls.ledger.balances, {});
  const [picked, setPicked] = useState<Gift['key'] | null>(null);
  const [count, setCount] = useState(1);
  const [key, setKey] = useState(newRequestKey);
  const [missing, setMissing] = useState(false);
  const [burst, setBurst] = useState<Sent | null>(null);
  // an admin changed the price since the panel opened: show the new one, so the next Send pays what is shown
  const onError = (error: Error) => {
    if (error instanceof CallFailure && error.code === ErrorCode.GIFT_PRICE_CHANGED) void list.refetch();
  };
  const toAgent = useCallMutation(calls.gifts.send, {
    invalidates: ['gifts', 'ledger'],
    onSuccess: (done) => {
      setBurst(done.send);
      notifySuccess(t('sent', { gift: t(`names.${done.send.giftKey}`), count: done.send.count, name: agentName }));
      // the next send is another request
      setKey(newRequestKey());
    },
    onError,
  });
  const onStage = useCallMutation(calls.live.gift, {
    invalidates: ['gifts', 'ledger', calls.live.get],
    onSuccess: (_done, sent) => {
      notifySuccess(t('sent', { gift: t(`names.${sent.giftKey ?? 'heart'}`), count: sent.count ?? 1, name: agentName }));
      setKey(newRequestKey());
    },
    onError,
  });
  const send = showId ? onStage : toAgent;
  const gift = list.data?.gifts.find((g) => g.key === picked) ?? null;
  const choose = (next: Gift['key'] | null, nextCount: number) => {
    setPicked(next);
    setCount(nextCount);
    setMissing(false);
    send.reset();
    // another gift or count is another request: it gets its own key
    setKey(newRequestKey());
  };
  const failure = send.error instanceof CallFailure && send.error.code !== null ? send.error.message : send.error ? t('failed') : null;
  const short = send.error instanceof CallFailure && send.error.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND;
  const freeLeft = list.data?.freeLeftToday ?? null;

  return (
    <>
      <Modal open onClose={onClose} title={t('title', { name: agentName })} size="lg">
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!gift) return setMissing(true);
            if (showId) onStage.mutate({ showId, giftKey: gift.key, count, cost: gift.cost, key });
            else toAgent.mutate({ agentId, giftKey: gift.key, count, cost: gift.cost, key });
          }}
        >
          <div role="radiogroup" aria-label={t('pick')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {list.data?.gifts.map((g) => {
              const selected = g.key === picked;
              return (
                <button
                  key={g.key}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={g.expired}
                  data-testid={`gift-${g.key}`}
                  onClick={() => choose(g.key, 1)}
                  className={`flex cursor-pointer flex-col items-center gap-1 rounded-2xl border-2 p-2 text-center transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50 ${selected ? 'border-brand-500 bg-brand-50 dark:bg-white/10' : 'border-line bg-surface hover:border-brand-300'}`}
                >
                  <GiftArt giftKey={g.key} size={44} />
                  <span className="text-sm font-medium">{t(`names.${g.key}`)}</span>
                  <span className={`text-xs ${g.cost.currency === 'free' ? 'font-semibold text-emerald-700 dark:text-emerald-300' : 'text-muted'}`}>{price(g.cost)}</span>
                  {g.priceKind === 'limited_free' && g.freeUntil && g.cost.currency === 'free' && (
                    <span className="text-[11px] leading-tight text-muted">{t('freeUntil', { date: formatMonthDay(g.freeUntil) })}</span>
                  )}
                  {g.expired ? (
                    <span className="text-[11px] font-semibold text-red-600">{t('expired')}</span>
                  ) : (
                    g.expiresAt && <span className="text-[11px] leading-tight text-muted">{t('expires', { date: formatMonthDay(g.expiresAt) })}</span>
                  )}
                </button>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            {freeLeft !== null && (
              <p data-testid="free-left" className="text-muted">
                {t('freeLeft', { left: freeLeft, total: list.data?.freePerDay ?? GIFT_RULES.freePerDay })}
              </p>
            )}
            {balances.data && <p className="text-muted">{t('have', { diamonds: balances.data.JE, points: balances.data.MSS })}</p>}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2" role="group" aria-label={t('count')}>
              <Button variant="secondary" size="sm" aria-label={t('fewer')} disabled={count <= 1} onClick={() => choose(picked, count - 1)}>
                −
              </Button>
              <output aria-live="polite" data-testid="gift-count" className="min-w-8 text-center font-semibold tabular-nums">
                {count}
              </output>
              <Button variant="secondary" size="sm" aria-label={t('more')} disabled={count >= GIFT_RULES.maxCount} onClick={() => choose(picked, count + 1)}>
                +
              </Button>
            </div>
            {gift && <p className="text-sm font-medium">{t('total', { cost: price(gift.cost, count) })}</p>}
            <Button type="submit" className="ml-auto" disabled={send.isPending || !list.data}>
              {t('send')}
            </Button>
          </div>
          <FieldMessage text={missing ? t('required') : failure} />
          {short && (
            <Button type="button" variant="secondary" size="sm" className="self-start" onClick={openRecharge}>
              {t('recharge')}
            </Button>
          )}
        </form>
      </Modal>
      {burst && <GiftBurst key={burst.id} giftKey={burst.giftKey} count={burst.count} onDone={() => setBurst(null)} />}
    </>
  );
}
