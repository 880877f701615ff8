import { calls, CREATION_LIMITS, type Creation, type SongSource } from '@starlit/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/calls';
import { callWithProgress } from '../../api/upload';
import { fileToBase64 } from '../../platform/file-data';
import { staticUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { FieldMessage, SelectField, TextField } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { Tab, TabList, TabPanel, TabsRoot } from '../../ui/tabs';
import { DancePlayer } from './dance-player';
import { formatClock } from './dance-sync';
import type { StudioFormProps } from './studio-workflows';

type Source = SongSource['source'];
const SOURCES: readonly Source[] = ['upload', 'creation', 'store'];

/** A song to dance to: what the server is asked for, and where the page can play it. */
interface Song {
  song: SongSource;
  url: string;
}

/** The song types `creation/upload` takes, for the file picker (the server judges by content). */
const SONG_TYPES = 'audio/wav,audio/x-wav,audio/mpeg,audio/ogg,audio/mp4,audio/aac,audio/flac,.wav,.mp3,.ogg,.m4a,.aac,.flac';

/**
 * music2Dance: a song (uploaded here, one of my finished text2Music pieces, or store music I
 * own), a dancer (the built-in model or one of my agents that has the AI dance skill and a 3D
 * model) and an optional title.
 */
export function Music2DanceForm({ studio, submitLabel }: StudioFormProps) {
  const { t } = useTranslation('creation');
  const [source, setSource] = useState<Source>('upload');
  const [uploaded, setUploaded] = useState<Song | null>(null);
  const [creationId, setCreationId] = useState('');
  const [itemId, setItemId] = useState('');
  const [agentId, setAgentId] = useState('');
  const [title, setTitle] = useState('');
  const music = useMyMusic();
  const owned = useOwnedMusic();
  const chosen: Song | null =
    source === 'upload'
      ? uploaded
      : source === 'creation'
        ? (music.find((m) => m.song.source === 'creation' && m.song.creationId === creationId) ?? null)
        : (owned.find((m) => m.song.source === 'store' && m.song.itemId === itemId) ?? null);

  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return studio.setProblem({ message: t('workflows.music2Dance.songRequired'), recharge: false });
    studio.create({ workflow: 'music2Dance', description: title, song: chosen.song, ...(agentId ? { agentId } : {}) });
  };

  return (
    <form onSubmit={generate} className="flex flex-col gap-4" aria-label={t('workflows.music2Dance.title')}>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink">{t('workflows.music2Dance.song')}</legend>
        <TabsRoot value={source} onValueChange={(v) => setSource(v as Source)}>
          <TabList label={t('workflows.music2Dance.sources.label')} className="border-b border-line">
            {SOURCES.map((s) => (
              <Tab key={s} value={s}>
                {t(`workflows.music2Dance.sources.${s}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanel value="upload" className="pt-3">
            <SongUpload onSong={setUploaded} />
          </TabPanel>
          <TabPanel value="creation" className="pt-3">
            {music.length === 0 ? (
              <FieldMessage tone="info" text={t('workflows.music2Dance.noMusic')} />
            ) : (
              <SelectField
                label={t('workflows.music2Dance.myMusic')}
                value={creationId}
                onChange={setCreationId}
                options={[{ value: '', label: t('workflows.music2Dance.choose') }, ...music.map((m) => ({ value: m.id, label: m.label }))]}
              />
            )}
          </TabPanel>
          <TabPanel value="store" className="pt-3">
            {owned.length === 0 ? (
              <FieldMessage tone="info" text={t('workflows.music2Dance.noStoreMusic')} />
            ) : (
              <SelectField
                label={t('workflows.music2Dance.storeMusic')}
                value={itemId}
                onChange={setItemId}
                options={[{ value: '', label: t('workflows.music2Dance.choose') }, ...owned.map((m) => ({ value: m.id, label: m.label }))]}
              />
            )}
          </TabPanel>
        </TabsRoot>
        {chosen && <audio key={chosen.url} controls preload="metadata" src={staticUrl(chosen.url)} aria-label={t('workflows.music2Dance.preview')} className="w-full" />}
      </fieldset>
      <DancerChoice value={agentId} onChange={setAgentId} />
      <TextField label={t('workflows.music2Dance.titleLabel')} value={title} onChange={setTitle} max={CREATION_LIMITS.descriptionChars} placeholder={t('workflows.music2Dance.placeholder')} />
      <Button type="submit" disabled={studio.pending || studio.generating}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A song file sent to `creation/upload` with a moving bar; the server's refusal is shown beside it. */
function SongUpload({ onSong }: { onSong(song: Song | null): void }) {
  const { t } = useTranslation('creation');
  const [fraction, setFraction] = useState<number | null>(null);
  const [ready, setReady] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    onSong(null);
    setReady(null);
    setError(null);
    if (!file) return;
    setFraction(0);
    const result = await callWithProgress(calls.creation.upload, { kind: 'song', data: await fileToBase64(file) }, setFraction);
    setFraction(null);
    if (!result.ok) return setError(result.message || null);
    onSong({ song: { source: 'upload', key: result.data.key }, url: result.data.url });
    setReady(t('workflows.music2Dance.uploaded', { name: file.name, length: formatClock(result.data.seconds ?? 0) }));
  };
  const percent = Math.round((fraction ?? 0) * 100);
  return (
    <div className="flex flex-col gap-2">
      <FileButton label={<span className="text-muted">{t('workflows.music2Dance.file')}</span>} accept={SONG_TYPES} disabled={fraction !== null} onFile={(file) => void pick(file)} />
      {fraction !== null && (
        <div className="flex items-center gap-3">
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-line"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('workflows.music2Dance.uploading', { percent })}
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-xs text-muted tabular-nums">{t('workflows.music2Dance.uploading', { percent })}</span>
        </div>
      )}
      <FieldMessage text={error} />
      <FieldMessage tone="info" text={ready} />
    </div>
  );
}

interface SongChoice extends Song {
  id: string;
  label: string;
}

/** My finished text2Music pieces, newest first, each with its WAV. */
function useMyMusic(): SongChoice[] {
  const { t } = useTranslation('creation');
  const list = useCall(calls.creation.list, { limit: 100 });
  return (list.data?.items ?? []).flatMap((c) => {
    const audio = c.workflow === 'text2Music' && c.state === 'done' ? c.files.find((f) => f.role === 'audio') : undefined;
    if (!audio) return [];
    const name = c.description || t('workflows.music2Dance.untitledPiece');
    return [{ id: c.id, label: c.facts.seconds ? `${name} · ${formatClock(c.facts.seconds)}` : name, song: { source: 'creation', creationId: c.id }, url: audio.url }];
  });
}

/** The store's Music items I own; the recording a dance uses is the item's preview. */
function useOwnedMusic(): SongChoice[] {
  const { i18n } = useTranslation();
  const inventory = useCall(calls.store.inventory, { category: 'Music' });
  return (inventory.data?.items ?? []).flatMap(({ item }) =>
    item.preview ? [{ id: item.id, label: i18n.language === 'zh_TW' ? item.name.zhTW : item.name.en, song: { source: 'store', itemId: item.id }, url: item.preview }] : [],
  );
}

const choiceClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3 text-sm transition-colors hover:bg-brand-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:hover:bg-white/5 dark:has-[:checked]:bg-white/10';

/** Who dances: the built-in model, or one of my agents; those that cannot dance say why. */
function DancerChoice({ value, onChange }: { value: string; onChange(agentId: string): void }) {
  const { t } = useTranslation('creation');
  const mine = useCall(calls.agents.mine, { limit: 100 });
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('workflows.music2Dance.dancer')}</legend>
      <label className={choiceClass}>
        <input type="radio" name="dancer" value="" checked={value === ''} onChange={() => onChange('')} className="accent-brand-600" />
        <span className="flex min-w-0 flex-col">
          <span className="font-semibold text-ink">{t('workflows.music2Dance.defaultDancer')}</span>
          <span className="text-xs text-muted">{t('workflows.music2Dance.defaultDancerNote')}</span>
        </span>
      </label>
      {(mine.data?.items ?? []).map((agent) => (
        <AgentDancer key={agent.id} agent={agent} checked={value === agent.id} onChoose={() => onChange(agent.id)} />
      ))}
    </fieldset>
  );
}

function AgentDancer({ agent, checked, onChoose }: { agent: { id: string; nickname: string; avatar: string | null }; checked: boolean; onChoose(): void }) {
  const { t } = useTranslation('creation');
  const full = useCall(calls.agents.get, { id: agent.id });
  const dances = full.data?.skills.some((s) => s.key === 'AIDance' && s.active) ?? false;
  const modelled = Boolean(full.data?.avatar.vrm);
  const note = !full.data ? '' : !dances ? t('workflows.music2Dance.noSkill') : !modelled ? t('workflows.music2Dance.no3d') : t('workflows.music2Dance.agentReady');
  return (
    <label className={choiceClass}>
      <input type="radio" name="dancer" value={agent.id} checked={checked} disabled={!dances || !modelled} onChange={onChoose} className="accent-brand-600" />
      <Avatar name={agent.nickname} src={agent.avatar} />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-ink">{agent.nickname}</span>
        <span className="text-xs text-muted">{note}</span>
      </span>
    </label>
  );
}

/** A finished dance: the player with the dance, its song and its dancer, and what the engine heard. */
export function DanceResult({ creation }: { creation: Creation }) {
  const { t } = useTranslation('creation');
  const url = (role: Creation['files'][number]['role']) => creation.files.find((f) => f.role === role)?.url;
  const [dance, song, character] = [url('dance'), url('song'), url('character')];
  if (!dance || !song || !character) return null;
  const { bpm, beats, seconds } = creation.facts;
  const facts = [bpm ? t('workflows.music2Dance.tempo', { bpm }) : null, beats ? t('workflows.music2Dance.beats', { count: beats }) : null, seconds ? formatClock(seconds) : null].filter(
    (f) => f !== null,
  );
  return (
    <div className="flex flex-col gap-3">
      <DancePlayer vrmUrl={character} vrmaUrl={dance} audioUrl={song} title={creation.description || t('workflows.music2Dance.untitled')} />
      {facts.length > 0 && (
        <ul aria-label={t('workflows.music2Dance.facts')} className="flex flex-wrap gap-2">
          {facts.map((fact) => (
            <li key={fact} className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-white/10 dark:text-brand-200">
              {fact}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
