import { calls, CREATION_STYLES, DAILY_TASK_LIMITS, DAILY_TASK_PRICES, type DailyTaskType, errorMessage, type ErrorCodeValue, FORWARD_PLATFORMS, SONG_GENRES, TASK_SCENES } from '@starlit/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/calls';
import { currentLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { Field, FieldMessage, inputClass, SelectField, TextArea } from '../../ui/field';
import { AgentPicker } from './agent-picker';
import { emptyDraft, localValue, needsOf, type DraftField, problemsOf, requestOf, type Style, type TaskDraft } from './task-rules';
import type { DailyTaskScreen } from './use-daily-task';

const choiceClass =
  'flex cursor-pointer items-center gap-2.5 rounded-xl border border-line px-3 py-2.5 text-sm text-ink transition-colors hover:bg-brand-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:hover:bg-white/5 dark:has-[:checked]:bg-white/10';

/**
 * SPEC §3's daily task form for one type: description and introduction always, then the fields
 * the type uses (DAILY_TASK_FIELDS), marked * when required; the publish type and time; the
 * platforms to share to. It is checked here with the server's own codes and words before
 * anything is sent.
 */
export function TaskForm({ screen }: { screen: DailyTaskScreen }) {
  const { t } = useTranslation('daily-tasks');
  const { type } = screen;
  const [draft, setDraft] = useState<TaskDraft>(() => emptyDraft(Date.now()));
  const [shown, setShown] = useState<Partial<Record<DraftField, ErrorCodeValue>>>({});
  const set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const needs = needsOf(type, draft);
  const lang = currentLanguage();
  const remaining = screen.overview?.scheduledRemaining ?? DAILY_TASK_LIMITS.scheduledPending;
  const error = (field: DraftField) => {
    const code = shown[field];
    return code ? errorMessage(code, lang) : null;
  };
  const label = (text: string, need: 'required' | 'optional' | 'none') => (need === 'required' ? t('form.required', { label: text }) : text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(type, draft, { now: Date.now(), scheduledRemaining: remaining });
    setShown(problems);
    if (Object.keys(problems).length > 0) return screen.setProblem(null);
    screen.start(requestOf(type, draft));
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('form.label')}>
      <p className="text-xs text-muted">{t('form.requiredNote')}</p>
      <TextArea
        label={label(t('form.description'), 'required')}
        value={draft.description}
        onChange={(v) => set('description', v)}
        max={DAILY_TASK_LIMITS.descriptionChars}
        rows={2}
        placeholder={t('form.descriptionPlaceholder')}
        aria-required="true"
        error={error('description')}
      />
      <TextArea
        label={label(t('form.introduction'), 'required')}
        value={draft.introduction}
        onChange={(v) => set('introduction', v)}
        max={DAILY_TASK_LIMITS.introductionChars}
        rows={3}
        placeholder={t('form.introductionPlaceholder')}
        aria-required="true"
        error={error('introduction')}
      />
      <AgentPicker label={label(t('form.agent'), needs.agent)} value={draft.agentId} onChange={(v) => set('agentId', v)} error={error('agent')} />
      {type === 'comic_to_video' && <ComicChoice draft={draft} set={set} error={error('comic')} />}
      {type === 'text_to_song' && (
        <SelectField
          label={label(t('form.genre'), 'required')}
          value={draft.genre}
          onChange={(v) => set('genre', v)}
          options={[{ value: '', label: t('form.choose') }, ...SONG_GENRES.map((g) => ({ value: g, label: t(`genres.${g}`) }))]}
          error={error('song')}
        />
      )}
      {type === 'text_to_dance' && <DanceSong draft={draft} set={set} label={label(t('form.song'), needs.song)} error={error('song')} />}
      {(needs.style !== 'none' || needs.scene !== 'none') && (
        <div className="grid gap-3 sm:grid-cols-2">
          {needs.style !== 'none' && (
            <SelectField<Style>
              label={label(t('form.style'), needs.style)}
              value={draft.style}
              onChange={(v) => set('style', v)}
              options={[{ value: '', label: t('form.choose') }, ...CREATION_STYLES.map((s) => ({ value: s, label: t(`styles.${s}`) }))]}
              error={error('style')}
            />
          )}
          {needs.scene !== 'none' && (
            <SelectField
              label={label(t('form.scene'), needs.scene)}
              value={draft.scene}
              onChange={(v) => set('scene', v)}
              options={[{ value: '', label: t('form.choose') }, ...TASK_SCENES.map((s) => ({ value: s, label: t(`scenes.${s}`) }))]}
              error={error('scene')}
            />
          )}
        </div>
      )}
      <PublishChoice draft={draft} set={set} remaining={remaining} error={error('publishAt')} />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t('form.forward')}</legend>
        <div className="flex flex-wrap gap-2">
          {FORWARD_PLATFORMS.map((platform) => (
            <label key={platform} className={choiceClass}>
              <input
                type="checkbox"
                checked={draft.forward.includes(platform)}
                onChange={(e) => set('forward', e.target.checked ? [...draft.forward, platform] : draft.forward.filter((p) => p !== platform))}
                className="size-4 accent-brand-600"
              />
              {t(`platforms.${platform}`)}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted">{t('form.forwardNote')}</p>
      </fieldset>
      <Button type="submit" disabled={screen.pending || screen.generating}>
        <PriceLabel type={type} />
      </Button>
      {screen.generating && <FieldMessage tone="info" text={t('form.generatingNote')} />}
    </form>
  );
}

type Set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => void;

/** "Start · 1 creation count": what the person would pay now (counts while they last, else diamonds). */
function PriceLabel({ type }: { type: DailyTaskType }) {
  const { t } = useTranslation('daily-tasks');
  const balances = useCall(calls.ledger.balances, {});
  const price = DAILY_TASK_PRICES[type];
  if (!balances.data) return t('form.start');
  const counts = balances.data.CAC >= price.CAC;
  return t('form.startFor', { price: counts ? t('price.CAC', { count: price.CAC }) : t('price.JE', { count: price.JE }) });
}

function Radio({ name, checked, onChange, children }: { name: string; checked: boolean; onChange(): void; children: ReactNode }) {
  return (
    <label className={choiceClass}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 accent-brand-600" />
      {children}
    </label>
  );
}

/** text_to_dance: compose a song in a genre (any genre when none is chosen), or dance to one of my finished text2Music pieces. */
function DanceSong({ draft, set, label, error }: { draft: TaskDraft; set: Set; label: string; error: string | null }) {
  const { t } = useTranslation('daily-tasks');
  const list = useCall(calls.creation.list, { limit: 100 });
  const songs = (list.data?.items ?? []).filter((c) => c.workflow === 'text2Music' && c.state === 'done');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <Radio name="dance-song" checked={draft.songSource === 'compose'} onChange={() => set('songSource', 'compose')}>
          {t('form.songCompose')}
        </Radio>
        <Radio name="dance-song" checked={draft.songSource === 'mine'} onChange={() => set('songSource', 'mine')}>
          {t('form.songMine')}
        </Radio>
      </div>
      {draft.songSource === 'compose' ? (
        <SelectField
          label={t('form.genre')}
          value={draft.genre}
          onChange={(v) => set('genre', v)}
          options={[{ value: '', label: t('form.choose') }, ...SONG_GENRES.map((g) => ({ value: g, label: t(`genres.${g}`) }))]}
        />
      ) : songs.length === 0 ? (
        <FieldMessage tone="info" text={t('form.noSongs')} />
      ) : (
        <SelectField
          label={t('form.mySong')}
          value={draft.songCreationId}
          onChange={(v) => set('songCreationId', v)}
          options={[{ value: '', label: t('form.choose') }, ...songs.map((s) => ({ value: s.id, label: s.description || s.id.slice(0, 8) }))]}
        />
      )}
      <FieldMessage text={error} />
    </fieldset>
  );
}

/** comic_to_video: make a comic now (style and scene), or voice one of my finished comics. */
function ComicChoice({ draft, set, error }: { draft: TaskDraft; set: Set; error: string | null }) {
  const { t } = useTranslation('daily-tasks');
  const list = useCall(calls.dailyTasks.list, { type: 'text_to_comic', state: 'done', limit: 50 });
  const comics = list.data?.items ?? [];
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{t('form.comic')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <Radio name="comic-source" checked={draft.comicSource === 'new'} onChange={() => set('comicSource', 'new')}>
          {t('form.comicNew')}
        </Radio>
        <Radio name="comic-source" checked={draft.comicSource === 'mine'} onChange={() => set('comicSource', 'mine')}>
          {t('form.comicMine')}
        </Radio>
      </div>
      {draft.comicSource === 'mine' &&
        (comics.length === 0 ? (
          <FieldMessage tone="info" text={t('form.noComics')} />
        ) : (
          <SelectField
            label={t('form.required', { label: t('form.myComic') })}
            value={draft.comicTaskId}
            onChange={(v) => set('comicTaskId', v)}
            options={[{ value: '', label: t('form.choose') }, ...comics.map((c) => ({ value: c.id, label: c.title || c.form.description }))]}
          />
        ))}
      <FieldMessage text={error} />
    </fieldset>
  );
}

/** Immediate or scheduled (UTC+8, between a minute and seven days ahead), with the scheduled publishes left (SPEC §9: 5). */
function PublishChoice({ draft, set, remaining, error }: { draft: TaskDraft; set: Set; remaining: number; error: string | null }) {
  const { t } = useTranslation('daily-tasks');
  // the picker's bounds, fixed when the form opens: the rules are checked again on sending
  const [bounds] = useState(() => ({ min: localValue(Date.now() + DAILY_TASK_LIMITS.scheduleMinMs), max: localValue(Date.now() + DAILY_TASK_LIMITS.scheduleMaxDays * 86_400_000) }));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{t('form.publish')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <Radio name="publish-type" checked={draft.publishType === 'immediate'} onChange={() => set('publishType', 'immediate')}>
          {t('form.immediate')}
        </Radio>
        <Radio name="publish-type" checked={draft.publishType === 'scheduled'} onChange={() => set('publishType', 'scheduled')}>
          {t('form.scheduled')}
        </Radio>
      </div>
      {draft.publishType === 'scheduled' && (
        <Field label={t('form.publishAt')} error={error}>
          {(control) => (
            <input {...control} type="datetime-local" value={draft.publishAt} min={bounds.min} max={bounds.max} onChange={(e) => set('publishAt', e.target.value)} className={inputClass} />
          )}
        </Field>
      )}
      <p className="text-xs font-medium text-muted" data-testid="scheduled-remaining">
        {t('scheduledRemaining', { count: remaining })}
      </p>
    </fieldset>
  );
}
