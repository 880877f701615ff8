import { CREATION_LIMITS, type Creation } from '@starlit/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { SelectField, TextArea } from '../../ui/field';
import { AudioPlayer } from '../works/audio-player';
import { formatClock } from './dance-sync';
import type { StudioFormProps } from './studio-workflows';

/**
 * The genres the offline composer plays, by the word sent (English, which it and hosted models
 * read); anything else it plays as pop. Labels are translated.
 */
const GENRES = {
  pop: 'pop',
  rock: 'rock',
  metal: 'metal',
  electronic: 'electronic',
  hipHop: 'hip hop',
  jazz: 'jazz',
  ambient: 'ambient',
  cinematic: 'cinematic',
  folk: 'folk',
  chinese: 'chinese traditional',
  lullaby: 'lullaby',
} as const;
/** Moods that change the composer's piece: key (happy major, sad and mysterious minor), tempo and loudness. */
const MOODS = ['happy', 'sad', 'calm', 'energetic', 'epic', 'mysterious'] as const;
type Genre = keyof typeof GENRES;
type Mood = (typeof MOODS)[number];
const SECONDS = CREATION_LIMITS.musicSeconds;

/** text2Music: a description, optional genre and mood, a length and "instrumental". */
export function Text2MusicForm({ studio, submitLabel }: StudioFormProps) {
  const { t } = useTranslation('creation');
  const lengthId = useId();
  const [description, setDescription] = useState('');
  const [genre, setGenre] = useState<Genre | ''>('');
  const [mood, setMood] = useState<Mood | ''>('');
  const [seconds, setSeconds] = useState<number>(SECONDS.default);
  const [instrumental, setInstrumental] = useState(true);
  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return studio.setProblem({ message: t('descriptionRequired'), recharge: false });
    studio.create({ workflow: 'text2Music', description, ...(genre ? { genre: GENRES[genre] } : {}), ...(mood ? { mood } : {}), seconds, instrumental });
  };
  const clock = formatClock(seconds);
  return (
    <form onSubmit={generate} className="flex flex-col gap-4" aria-label={t('workflows.text2Music.title')}>
      <div className="flex flex-col gap-1.5">
        <TextArea label={t('description')} value={description} onChange={setDescription} max={CREATION_LIMITS.descriptionChars} rows={3} placeholder={t('workflows.text2Music.placeholder')} />
        <p className="text-xs leading-relaxed text-muted">{t('workflows.text2Music.words')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField<Genre>
          label={t('workflows.text2Music.genre')}
          value={genre}
          onChange={setGenre}
          options={[{ value: '', label: t('workflows.text2Music.any') }, ...(Object.keys(GENRES) as Genre[]).map((g) => ({ value: g, label: t(`workflows.text2Music.genres.${g}`) }))]}
        />
        <SelectField<Mood>
          label={t('workflows.text2Music.mood')}
          value={mood}
          onChange={setMood}
          options={[{ value: '', label: t('workflows.text2Music.any') }, ...MOODS.map((m) => ({ value: m, label: t(`workflows.text2Music.moods.${m}`) }))]}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={lengthId} className="text-sm font-medium text-ink">
            {t('workflows.text2Music.length')}
          </label>
          <output htmlFor={lengthId} className="text-sm font-semibold text-ink tabular-nums">
            {clock}
          </output>
        </div>
        <input
          id={lengthId}
          type="range"
          min={SECONDS.min}
          max={SECONDS.max}
          step={5}
          value={seconds}
          aria-valuetext={clock}
          onChange={(e) => setSeconds(Number(e.target.value))}
          className="w-full accent-brand-600"
        />
        <div className="flex justify-between text-xs text-muted tabular-nums">
          <span>{formatClock(SECONDS.min)}</span>
          <span>{formatClock(SECONDS.max)}</span>
        </div>
      </div>
      <label className="flex items-start gap-2.5 text-sm text-ink">
        <input type="checkbox" checked={instrumental} onChange={(e) => setInstrumental(e.target.checked)} className="mt-0.5 size-4 accent-brand-600" />
        <span className="flex flex-col gap-0.5">
          {t('workflows.text2Music.instrumental')}
          <span className="text-xs text-muted">{t('workflows.text2Music.instrumentalNote')}</span>
        </span>
      </label>
      <Button type="submit" disabled={studio.pending || studio.generating}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A finished piece: the player over its waveform picture, its length and tempo. */
export function MusicResult({ creation }: { creation: Creation }) {
  const { t } = useTranslation('creation');
  const file = (role: Creation['files'][number]['role']) => creation.files.find((f) => f.role === role)?.url;
  // the MP3 is a fifth of the WAV: quicker to start; the WAV stays the download
  const sound = file('mp3') ?? creation.resultUrl;
  const waveform = file('waveform');
  if (!sound) return null;
  const { seconds, bpm } = creation.facts;
  return (
    <div className="flex flex-col gap-3">
      <AudioPlayer src={staticUrl(sound)} name={creation.description} {...(waveform ? { waveform: staticUrl(waveform) } : {})} />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {seconds !== undefined && (
          <div className="flex gap-1.5">
            <dt className="text-muted">{t('workflows.text2Music.length')}</dt>
            <dd className="font-semibold text-ink tabular-nums">{formatClock(Math.round(seconds))}</dd>
          </div>
        )}
        {bpm !== undefined && (
          <div className="flex gap-1.5">
            <dt className="text-muted">{t('workflows.text2Music.tempo')}</dt>
            <dd className="font-semibold text-ink tabular-nums">{t('workflows.text2Music.bpm', { bpm })}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
