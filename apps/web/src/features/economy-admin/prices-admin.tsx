import { calls, ECONOMY_ADMIN_LIMITS, GiftPriceKind, type CallOutput } from '@starlit/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../api/calls';
import { Button, buttonClass } from '../../ui/button';
import { Field, inputClass, SelectField, TextField } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Skeleton } from '../../ui/skeleton';
import { notifySuccess } from '../../ui/toast';
import { useSkillName } from '../agents/skill-name';
import { useGiftName } from '../gifts/gift-name';

type Skill = CallOutput<typeof calls.economyAdmin.skills>[number];
type Voice = CallOutput<typeof calls.economyAdmin.voices>[number];
type Gift = CallOutput<typeof calls.economyAdmin.gifts>[number];
type PriceKind = z.infer<typeof GiftPriceKind>;

/** A whole number typed in a field, or null when it is not one within `min`–`max`. */
const whole = (text: string, min: number, max: number) => (/^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? Number(text) : null);
const price = (text: string) => whole(text, 0, ECONOMY_ADMIN_LIMITS.maxPrice);

/** An ISO time as a `datetime-local` value in the admin's own time zone, and back. */
const localOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** One list of rows, with its note, loading and failure states. */
function PriceList<R>({ query, note, row }: { query: { isPending: boolean; isError: boolean; data?: R[]; refetch(): unknown }; note: string; row(item: R): ReactNode }) {
  if (query.isPending) {
    return (
      <Loading className="flex flex-col gap-2">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </Loading>
    );
  }
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{note}</p>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">{query.data.map(row)}</ul>
    </div>
  );
}

function SkillRow({ skill }: { skill: Skill }) {
  const { t } = useTranslation('economy-admin');
  const name = useSkillName()(skill.skill);
  const [priceText, setPrice] = useState(String(skill.priceDiamonds));
  const [permanent, setPermanent] = useState(skill.usageDays === null);
  const [daysText, setDays] = useState(String(skill.usageDays ?? 30));
  const save = useCallMutation(calls.economyAdmin.saveSkill, { invalidates: ['economyAdmin', 'agents'], onSuccess: () => notifySuccess(t('prices.saved', { name })) });
  const diamonds = price(priceText);
  const days = permanent ? null : whole(daysText, 1, ECONOMY_ADMIN_LIMITS.maxUsageDays);
  const valid = diamonds !== null && (permanent || days !== null);
  return (
    <li>
      <form
        aria-label={name}
        className="grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-[9rem_minmax(0,11rem)_minmax(0,11rem)_1fr_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && diamonds !== null) save.mutate({ skill: skill.skill, priceDiamonds: diamonds, usageDays: days });
        }}
      >
        <span className="col-span-2 font-semibold sm:col-span-1 sm:self-center">{name}</span>
        <TextField
          label={t('prices.diamonds')}
          value={priceText}
          onChange={setPrice}
          inputMode="numeric"
          error={diamonds === null ? t('prices.priceInvalid', { max: ECONOMY_ADMIN_LIMITS.maxPrice }) : null}
        />
        <TextField
          label={t('prices.days')}
          value={permanent ? '' : daysText}
          onChange={setDays}
          inputMode="numeric"
          disabled={permanent}
          error={!permanent && days === null ? t('prices.daysInvalid', { max: ECONOMY_ADMIN_LIMITS.maxUsageDays }) : null}
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-600" checked={permanent} onChange={(e) => setPermanent(e.target.checked)} />
          {t('prices.permanent')}
        </label>
        <Button type="submit" variant="secondary" disabled={!valid || save.isPending}>
          {t('prices.save')}
        </Button>
      </form>
    </li>
  );
}

/** Admins: each skill's unit price in diamonds and its usage period, or permanent. */
export function SkillPricesAdmin() {
  const { t } = useTranslation('economy-admin');
  const skills = useCall(calls.economyAdmin.skills, {});
  return <PriceList query={skills} note={t('prices.skillsNote')} row={(s) => <SkillRow key={`${s.skill}:${s.priceDiamonds}:${s.usageDays}`} skill={s} />} />;
}

function VoiceRow({ voice }: { voice: Voice }) {
  const { t } = useTranslation('economy-admin');
  const [priceText, setPrice] = useState(String(voice.priceDiamonds));
  const save = useCallMutation(calls.economyAdmin.saveVoice, { invalidates: ['economyAdmin', 'voices'], onSuccess: () => notifySuccess(t('prices.saved', { name: voice.name })) });
  const diamonds = price(priceText);
  return (
    <li>
      <form
        aria-label={voice.name}
        className="grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-[10rem_minmax(0,12rem)_1fr_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          if (diamonds !== null) save.mutate({ voiceId: voice.voiceId, priceDiamonds: diamonds });
        }}
      >
        <span className="col-span-2 flex flex-col sm:col-span-1 sm:self-center">
          <span className="font-semibold">{voice.name}</span>
          <span className="text-xs text-muted">{t('prices.voiceFacts', { gender: t(`prices.gender.${voice.gender}`), language: voice.language })}</span>
        </span>
        <TextField
          label={t('prices.diamonds')}
          value={priceText}
          onChange={setPrice}
          inputMode="numeric"
          error={diamonds === null ? t('prices.priceInvalid', { max: ECONOMY_ADMIN_LIMITS.maxPrice }) : null}
        />
        <span className="flex h-10 items-center text-sm text-muted">{diamonds === 0 ? t('prices.free') : t('prices.premium')}</span>
        <Button type="submit" variant="secondary" disabled={diamonds === null || save.isPending}>
          {t('prices.save')}
        </Button>
      </form>
    </li>
  );
}

/** Admins: the price of each official voice (0: free; above 0 it is premium and bought once). */
export function VoicePricesAdmin() {
  const { t } = useTranslation('economy-admin');
  const voices = useCall(calls.economyAdmin.voices, {});
  return <PriceList query={voices} note={t('prices.voicesNote')} row={(v) => <VoiceRow key={`${v.voiceId}:${v.priceDiamonds}`} voice={v} />} />;
}

function TimeField({
  label,
  value,
  onChange,
  disabled,
  error,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  error?: string | null;
  className?: string;
}) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => <input {...control} type="datetime-local" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className={inputClass} />}
    </Field>
  );
}

function GiftRow({ gift }: { gift: Gift }) {
  const { t } = useTranslation('economy-admin');
  const name = useGiftName()(gift.giftKey);
  const [kind, setKind] = useState<PriceKind>(gift.priceKind);
  const [priceText, setPrice] = useState(String(gift.price));
  const [freeUntil, setFreeUntil] = useState(localOf(gift.freeUntil));
  const [expiresAt, setExpiresAt] = useState(localOf(gift.expiresAt));
  const save = useCallMutation(calls.economyAdmin.saveGift, { invalidates: ['economyAdmin', 'gifts'], onSuccess: () => notifySuccess(t('prices.saved', { name })) });
  const amount = kind === 'free' ? 0 : price(priceText);
  // the server says the same (8252): only a free gift is priced 0
  const amountError = amount === null ? t('prices.priceInvalid', { max: ECONOMY_ADMIN_LIMITS.maxPrice }) : kind !== 'free' && amount === 0 ? t('prices.priceRequired') : null;
  const freeUntilError = kind === 'limited_free' && !freeUntil ? t('prices.freeUntilRequired') : null;
  const valid = amountError === null && freeUntilError === null;
  const kinds = GiftPriceKind.options.map((value) => ({ value, label: t(`prices.kinds.${value}`) }));
  return (
    <li>
      <form
        aria-label={name}
        className="grid grid-cols-2 items-end gap-3 p-4 sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && amount !== null)
            save.mutate({ giftKey: gift.giftKey, priceKind: kind, price: amount, freeUntil: kind === 'limited_free' ? isoOf(freeUntil) : null, expiresAt: isoOf(expiresAt) });
        }}
      >
        <span className="col-span-2 font-semibold sm:col-span-1 sm:self-center">{name}</span>
        <SelectField label={t('prices.kind')} value={kind} onChange={(v) => v && setKind(v)} options={kinds} />
        <TextField
          label={kind === 'points' ? t('prices.points') : t('prices.diamonds')}
          value={kind === 'free' ? '0' : priceText}
          onChange={setPrice}
          inputMode="numeric"
          disabled={kind === 'free'}
          error={amountError}
        />
        {/* last on a phone, beside the price on wider screens, with the times on a second line */}
        <Button type="submit" variant="secondary" className="order-last sm:order-none" disabled={!valid || save.isPending}>
          {t('prices.save')}
        </Button>
        <TimeField
          label={t('prices.freeUntil')}
          value={kind === 'limited_free' ? freeUntil : ''}
          onChange={setFreeUntil}
          disabled={kind !== 'limited_free'}
          error={freeUntilError}
          className="col-span-2 sm:col-span-1 sm:col-start-2"
        />
        <TimeField label={t('prices.expiresAt')} value={expiresAt} onChange={setExpiresAt} className="col-span-2 sm:col-span-1" />
      </form>
    </li>
  );
}

/** Admins: how each gift is sold (free, free for a while then diamonds, points, diamonds), its price and expiry. */
export function GiftPricesAdmin() {
  const { t } = useTranslation('economy-admin');
  const gifts = useCall(calls.economyAdmin.gifts, {});
  return <PriceList query={gifts} note={t('prices.giftsNote')} row={(g) => <GiftRow key={`${g.giftKey}:${g.priceKind}:${g.price}:${g.freeUntil}:${g.expiresAt}`} gift={g} />} />;
}

/** Admins: whether the store is open, and the way to its own controls (opening and item prices live on `/store`). */
export function StoreAdminLink() {
  const { t } = useTranslation('economy-admin');
  const store = useCall(calls.store.items, {});
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      {store.data && <p className="font-medium">{store.data.open ? t('store.isOpen') : t('store.isClosed')}</p>}
      <p className="text-sm text-muted">{t('store.note')}</p>
      <Link to="/store" className={buttonClass('secondary', 'md', 'self-start')}>
        {t('store.go')}
      </Link>
    </div>
  );
}
