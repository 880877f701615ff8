import { calls, LIVE_LIMITS, LiveGreeting, LiveTitle, type CallOutput, type LiveChatPolicy } from '@starlit/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCall, useCallMutation } from '../../api/calls';
import { fileToBase64 } from '../../platform/file-data';
import { staticUrl } from '../../platform/static-url';
import { Button, buttonClass } from '../../ui/button';
import { FieldMessage, SelectField, TextArea, TextField } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { useForm } from '../../ui/form';
import { LoadFailed } from '../../ui/load-failed';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/skeleton';

type Options = CallOutput<typeof calls.live.options>;
type TrackSource = Options['tracks'][number]['source'];

const sourceKey = (s: TrackSource) => `${s.kind}:${s.id}`;
const COVER_TYPES = 'image/jpeg,image/png,image/webp';

/** What each default stage looks like in the picker (the stage itself draws it in 3D). */
export const SCENE_SWATCHES: Record<string, string> = {
  stage: 'bg-gradient-to-b from-indigo-950 via-purple-800 to-fuchsia-500',
  starry: 'bg-gradient-to-b from-slate-950 via-indigo-950 to-blue-800',
  sunset: 'bg-gradient-to-b from-orange-300 via-rose-500 to-purple-800',
};

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** A stage to pick: its name in the page's language, a default stage's colours or an item's picture. */
function SceneChoice({ scene, chosen, onChoose }: { scene: Options['scenes'][number]; chosen: boolean; onChoose(): void }) {
  const { i18n } = useTranslation();
  const name = i18n.language === 'zh_TW' ? scene.name.zhTW : scene.name.en;
  return (
    <label className={`flex cursor-pointer flex-col overflow-hidden rounded-xl border-2 text-sm ${chosen ? 'border-brand-500' : 'border-line'}`}>
      <input type="radio" name="live-scene" className="sr-only" checked={chosen} onChange={onChoose} />
      {scene.cover ? <img src={staticUrl(scene.cover)} alt="" className="h-16 w-full object-cover" /> : <span aria-hidden="true" className={`h-16 w-full ${SCENE_SWATCHES[scene.id] ?? 'bg-line'}`} />}
      <span className="px-2 py-1.5 font-medium">{name}</span>
    </label>
  );
}

/**
 * LIVE_SETTING (SPEC §2): how the owner opens a live show for their published agent — title,
 * cover, stage, playlist (their Music items, music works and dance works, in the order picked),
 * greeting line, who may chat, slow mode. Starting opens the show's room.
 */
export function LiveSettingModal({ agentId, onClose }: { agentId: string; onClose(): void }) {
  const { t } = useTranslation('live');
  const navigate = useNavigate();
  const options = useCall(calls.live.options, { agentId }, { staleTime: 0 });
  const [scene, setScene] = useState('stage');
  const [picked, setPicked] = useState<TrackSource[]>([]);
  const [cover, setCover] = useState<{ name: string; data: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ title: '', greeting: '' }, { title: LiveTitle, greeting: LiveGreeting });
  const [chatPolicy, setChatPolicy] = useState<LiveChatPolicy>('everyone');
  const [slowMode, setSlowMode] = useState('0');
  const start = useCallMutation(calls.live.start, {
    onSuccess: (show) => {
      onClose();
      void navigate(`/live/${show.id}`);
    },
    invalidates: [calls.live.list, calls.live.ofAgent, calls.live.options],
  });

  const toggle = (source: TrackSource) => {
    setProblem(null);
    setPicked((current) =>
      current.some((s) => sourceKey(s) === sourceKey(source)) ? current.filter((s) => sourceKey(s) !== sourceKey(source)) : current.length >= LIVE_LIMITS.playlist ? current : [...current, source],
    );
  };

  const submit = form.submit(async (values) => {
    if (picked.length === 0) return setProblem(t('setting.playlistRequired'));
    setProblem(null);
    start.mutate({ agentId, title: values.title, greeting: values.greeting, cover: cover?.data ?? null, sceneId: scene, playlist: picked, chatPolicy, slowModeSeconds: Number(slowMode) });
  });

  const body = () => {
    if (options.isPending)
      return (
        <Loading>
          <Skeleton className="h-40 w-full" />
        </Loading>
      );
    if (options.isError) return <LoadFailed onRetry={() => void options.refetch()} />;
    const { scenes, tracks, showId } = options.data;
    if (showId)
      return (
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <p>{t('setting.alreadyLive')}</p>
          <Link to={`/live/${showId}`} onClick={onClose} className={buttonClass('primary', 'md')}>
            {t('setting.openShow')}
          </Link>
        </div>
      );
    return (
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('setting.title')}
          value={form.values.title}
          onChange={(v) => form.set('title', v)}
          error={form.error('title')}
          max={LIVE_LIMITS.titleWidth}
          by="width"
          required
          aria-required="true"
        />
        <FileButton
          label={t('setting.cover')}
          accept={COVER_TYPES}
          onFile={async (file) => {
            if (!file) return setCover(null);
            if (file.size > LIVE_LIMITS.coverBytes) return setProblem(t('setting.coverTooBig'));
            setProblem(null);
            setCover({ name: file.name, data: await fileToBase64(file) });
          }}
        />
        <p className="-mt-3 text-xs text-muted">{t('setting.coverHint')}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('setting.scene')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {scenes.map((s) => (
              <SceneChoice key={s.id} scene={s} chosen={scene === s.id} onChoose={() => setScene(s.id)} />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('setting.playlist', { count: picked.length, max: LIVE_LIMITS.playlist })}</legend>
          <p className="mb-2 text-xs text-muted">{t('setting.playlistHint')}</p>
          {tracks.length === 0 ? (
            <div className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
              <p>{t('setting.noTracks')}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Link to="/store" onClick={onClose} className={buttonClass('secondary', 'sm')}>
                  {t('setting.toStore')}
                </Link>
                <Link to="/aigc-publish" onClick={onClose} className={buttonClass('secondary', 'sm')}>
                  {t('setting.toStudio')}
                </Link>
              </div>
            </div>
          ) : (
            <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-xl border border-line">
              {tracks.map((track) => {
                const order = picked.findIndex((s) => sourceKey(s) === sourceKey(track.source));
                return (
                  <li key={sourceKey(track.source)}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
                      <input type="checkbox" checked={order >= 0} onChange={() => toggle(track.source)} />
                      <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 dark:bg-white/10 dark:text-brand-300">
                        {order >= 0 ? order + 1 : ''}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{track.title}</span>
                      <span className="shrink-0 text-xs text-muted">{track.danced ? t('setting.dance') : t(`setting.${track.source.kind === 'item' ? 'item' : 'music'}`)}</span>
                      <span className="shrink-0 text-xs tabular-nums text-muted">{minutes(track.seconds)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <TextArea
          label={t('setting.greeting')}
          value={form.values.greeting}
          onChange={(v) => form.set('greeting', v)}
          error={form.error('greeting')}
          max={LIVE_LIMITS.greeting}
          placeholder={t('setting.greetingPlaceholder')}
          rows={2}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('setting.chatPolicy')}
            value={chatPolicy}
            onChange={(v) => setChatPolicy(v || 'everyone')}
            options={(['everyone', 'followers', 'nobody'] as const).map((value) => ({ value, label: t(`setting.policy.${value}`) }))}
          />
          <SelectField
            label={t('setting.slowMode')}
            value={slowMode}
            onChange={(v) => setSlowMode(v || '0')}
            options={LIVE_LIMITS.slowModes.map((s) => ({ value: String(s), label: s === 0 ? t('setting.slowOff') : t('setting.slowSeconds', { count: s }) }))}
          />
        </div>
        <FieldMessage text={problem} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('setting.cancel')}
          </Button>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? t('setting.starting') : t('setting.start')}
          </Button>
        </div>
      </form>
    );
  };

  return (
    <Modal open onClose={onClose} title={t('setting.heading')} size="lg">
      {body()}
    </Modal>
  );
}
