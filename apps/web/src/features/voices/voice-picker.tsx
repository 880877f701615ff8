import { calls, ErrorCode, type Voice, type VoiceTab } from '@starlit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi, isOk, isRefused } from '../../api/client';
import { useCall } from '../../api/calls';
import { invalidateCalls } from '../../api/keys';
import { DiamondIcon } from '../../ui/icons';
import { notifySuccess } from '../../ui/toast';
import { openRecharge } from '../recharge/open-recharge';
import { staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { CloneUpload } from './clone-upload';
import { FieldMessage } from '../../ui/field';
import { useRuleMessage } from '../../ui/rule-message';
import { addVoice, type SelectedVoice } from './voice-rules';
import { newRequestKey } from '../../api/request-key';

type VoiceTabId = z.infer<typeof VoiceTab>;
type VoiceData = z.infer<typeof Voice>;
const TABS: readonly VoiceTabId[] = ['recommend', 'male', 'female', 'my'];

export interface VoicePickerProps {
  open: boolean;
  onClose(): void;
  selected: readonly SelectedVoice[];
  onChange(voices: SelectedVoice[]): void;
}

/** A premium official voice the viewer has not bought: it must be bought before an agent speaks with it. */
const mustBuy = (voice: VoiceData) => voice.kind === 'official' && voice.priceDiamonds > 0 && !voice.purchased;

/** The voice picker of SPEC §2: tabs, samples, badges (free, price, purchased), buying a premium voice, and cloning in "My". */
export function VoicePicker({ open, onClose, selected, onChange }: VoicePickerProps) {
  const { t } = useTranslation('voices');
  const [tab, setTab] = useState<VoiceTabId>('recommend');
  const [error, setError] = useState('');
  const rule = useRuleMessage();

  const pick = (voice: VoiceData) => {
    const outcome = addVoice(selected, { voiceId: voice.id, name: voice.name, cloned: voice.kind === 'cloned' });
    if (!outcome.ok) return setError(rule(outcome.error));
    setError('');
    onChange(outcome.voices);
  };

  return (
    <Modal open={open} onClose={onClose} title={t('choose')} size="lg">
      <TabsRoot value={tab} onValueChange={(value) => setTab(TABS.find((id) => id === value) ?? 'recommend')}>
        <TabList label={t('tabsLabel')} className="mb-3 border-b border-line">
          {TABS.map((id) => (
            <Tab key={id} value={id}>
              {t(`tabs.${id}`)}
            </Tab>
          ))}
        </TabList>
        <FieldMessage text={error} />
        {TABS.map((id) => (
          <TabPanel key={id} value={id} className="pt-2 focus-visible:outline-none">
            {id === 'my' && <CloneUpload />}
            <VoiceList tab={id} active={tab === id && open} selected={selected} onPick={pick} />
          </TabPanel>
        ))}
      </TabsRoot>
    </Modal>
  );
}

function VoiceList({ tab, active, selected, onPick }: { tab: VoiceTabId; active: boolean; selected: readonly SelectedVoice[]; onPick(voice: VoiceData): void }) {
  const { t } = useTranslation('voices');
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; short: boolean } | null>(null);
  const buy = async (voice: VoiceData) => {
    setBuying(voice.id);
    // one key per click; the button is disabled meanwhile, so a double click charges once
    const result = await callApi(calls.voices.buy, { voiceId: voice.id, key: newRequestKey(), priceDiamonds: voice.priceDiamonds });
    setBuying(null);
    if (isOk(result)) {
      setRefusal(null);
      notifySuccess(t('bought', { name: voice.name }));
      await invalidateCalls(queryClient, ['voices', calls.ledger.balances]);
    } else {
      setRefusal({ text: result.message, short: isRefused(result) && result.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND });
      // an admin changed the price: show the new one before the next click
      if (isRefused(result) && result.code === ErrorCode.PRICE_CHANGED) await invalidateCalls(queryClient, ['voices']);
    }
  };
  const list = useCall(
    calls.voices.list,
    { tab, limit: 50 },
    {
      enabled: active,
      // a clone being made moves on to done or failed by itself
      refetchInterval: (query) => (query.state.data?.items.some((v) => v.status === 'creating') ? 1500 : false),
    },
  );
  if (list.isPending) return <Spinner className="mx-auto my-6 size-6" />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted">{t('empty')}</p>;
  return (
    <>
      {refusal && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <FieldMessage text={refusal.text} />
          {refusal.short && (
            <Button size="sm" variant="secondary" onClick={openRecharge}>
              {t('recharge')}
            </Button>
          )}
        </div>
      )}
      <ul aria-label={t(`tabs.${tab}`)} className="mt-3 grid gap-2 sm:grid-cols-2">
        {items.map((voice) => {
          const added = selected.some((s) => s.voiceId === voice.id);
          return (
            <li key={voice.id} className="flex min-w-0 flex-col gap-2 rounded-xl border border-line p-3">
              <div className="flex min-w-0 items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium text-ink">{voice.name}</span>
                <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800 dark:bg-white/10 dark:text-brand-200">
                  {voice.kind === 'cloned' ? (
                    t('cloned')
                  ) : voice.purchased ? (
                    t('purchased')
                  ) : voice.priceDiamonds > 0 ? (
                    <span className="inline-flex items-center gap-1">
                      <DiamondIcon size={12} />
                      {t('price', { count: voice.priceDiamonds })}
                    </span>
                  ) : (
                    t('free')
                  )}
                </span>
              </div>
              <p className="truncate text-xs text-muted">{t('engine', { engine: voice.clonedBy ?? voice.engine })}</p>
              {voice.status === 'creating' && <p className="text-xs text-muted">{t('creating')}</p>}
              {voice.status === 'failed' && <FieldMessage text={t('failedReason', { reason: voice.failureReason ?? '' })} />}
              {voice.sample ? (
                <audio controls preload="none" src={staticUrl(voice.sample)} aria-label={t('play', { name: voice.name })} className="h-9 w-full" />
              ) : (
                <p className="text-xs text-muted">{t('noSample')}</p>
              )}
              {mustBuy(voice) ? (
                <Button size="sm" disabled={buying !== null} onClick={() => void buy(voice)} aria-label={t('buy', { name: voice.name, count: voice.priceDiamonds })}>
                  {t('buyShort')}
                </Button>
              ) : (
                <Button size="sm" variant={added ? 'secondary' : 'primary'} disabled={voice.status !== 'done'} onClick={() => onPick(voice)} aria-label={t('add', { name: voice.name })}>
                  {added ? t('added') : t('addShort')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
