import { calls } from '@starlit/contract';
import { debounce, rateToSlider, semitonesToSlider, sliderToRate, sliderToSemitones } from '@starlit/contract/rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../../api/client';
import { Button } from '../../../ui/button';
import { CloseIcon } from '../../../ui/icons';
import { AuditionPanel } from './audition-panel';
import { FieldMessage } from '../../../ui/field';
import type { AgentEditorState } from './use-agent-editor';
import { VoicePreviewButton } from '../../voices/voice-preview-button';
import { VoicePicker } from '../../voices/voice-picker';
import { removeVoice, type SelectedVoice } from '../../voices/voice-rules';

type Slider = 'pitch' | 'volume' | 'speed';

/** The agent's voices with their sliders (SPEC §9), the picker, and the audition. */
export function VoiceStep({ editor }: { editor: AgentEditorState }) {
  const { t } = useTranslation('agents');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState('');
  // the audition speaks the saved voices, so it waits while a change is on its way
  const [savingVoices, setSavingVoices] = useState(false);
  const { agent, setAgent } = editor;
  // compared by content: every saved text answers a new agent object with equal voices,
  // which must not reset a slider being dragged
  const serverVoices = JSON.stringify(agent?.voices ?? []);
  const fromServer = useMemo<SelectedVoice[]>(
    () =>
      (JSON.parse(serverVoices) as NonNullable<typeof agent>['voices']).map((v) => ({
        voiceId: v.voiceId,
        name: v.name,
        cloned: v.cloned,
        pitch: semitonesToSlider(v.pitch),
        volume: rateToSlider(v.volume),
        speed: rateToSlider(v.speed),
      })),
    [serverVoices],
  );
  const [voices, setVoices] = useState(fromServer);
  useEffect(() => setVoices(fromServer), [fromServer]);

  // changes made so far: an answer to an older save must not put back voices removed since
  const changes = useRef(0);
  const save = useMemo(
    () =>
      debounce(async (id: string, next: SelectedVoice[]) => {
        const version = changes.current;
        const result = await callApi(calls.agents.setVoices, {
          id,
          voices: next.map((v) => ({ voiceId: v.voiceId, pitch: sliderToSemitones(v.pitch), volume: sliderToRate(v.volume), speed: sliderToRate(v.speed) })),
        });
        if (version !== changes.current) return;
        setSavingVoices(false);
        if (isOk(result)) {
          setAgent(result.data);
          setRefusal('');
        } else setRefusal(result.message);
      }),
    [setAgent],
  );

  const change = (next: SelectedVoice[]) =>
    editor.guardEdit(() => {
      changes.current += 1;
      setVoices(next);
      if (!agent) return;
      setSavingVoices(true);
      save(agent.id, next);
    });
  const slide = (voiceId: string, slider: Slider, value: number) => change(voices.map((v) => (v.voiceId === voiceId ? { ...v, [slider]: value } : v)));
  const shown = (slider: Slider, value: number) => (slider === 'pitch' ? t('voice.semitones', { value: sliderToSemitones(value) }) : t('voice.rate', { value: sliderToRate(value).toFixed(2) }));

  return (
    <div className="flex flex-col gap-4">
      <h3 className="sr-only">{t('voice.selected')}</h3>
      {voices.length === 0 && <p className="text-sm text-muted">{t('voice.none')}</p>}
      <ul className="flex flex-col gap-3">
        {voices.map((voice) => (
          <li key={voice.voiceId} className="rounded-xl border border-line p-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="min-w-0 flex-1 truncate font-medium text-ink">{voice.name}</span>
              <VoicePreviewButton voice={voice} />
              <button
                type="button"
                aria-label={t('voice.remove', { name: voice.name })}
                onClick={() => change(removeVoice(voices, voice.voiceId))}
                className="grid size-8 cursor-pointer place-items-center rounded-full text-muted hover:bg-brand-50 dark:hover:bg-white/10"
              >
                <CloseIcon size={16} />
              </button>
            </div>
            <div className="grid gap-2 sm:grid-cols-3">
              {(['pitch', 'volume', 'speed'] as const).map((slider) => (
                <label key={slider} className="flex min-w-0 flex-col gap-1 text-xs text-muted">
                  <span className="flex justify-between gap-2">
                    <span>{t(`voice.${slider}`)}</span>
                    <output className="font-medium text-ink tabular-nums">{shown(slider, voice[slider])}</output>
                  </span>
                  <input
                    type="range"
                    min={0}
                    max={100}
                    step={slider === 'pitch' ? 100 / 24 : 1}
                    value={voice[slider]}
                    aria-label={`${t(`voice.${slider}`)} ${voice.name}`}
                    aria-valuetext={shown(slider, voice[slider])}
                    onChange={(e) => slide(voice.voiceId, slider, Number(e.target.value))}
                    className="w-full accent-brand-600"
                  />
                </label>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <FieldMessage text={refusal} />
      <div>
        <Button variant="secondary" disabled={!agent} onClick={() => setOpen(true)}>
          {t('voice.choose')}
        </Button>
      </div>
      {agent && <VoicePicker open={open} onClose={() => setOpen(false)} selected={voices} onChange={change} />}
      <AuditionPanel editor={editor} waiting={savingVoices} />
    </div>
  );
}
