import { calls } from '@starlit/contract';
import { sliderToRate, sliderToSemitones } from '@starlit/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../api/client';
import { staticUrl } from '../../platform/static-url';
import { Button } from '../../ui/button';
import { notifyError } from '../../ui/toast';
import type { SelectedVoice } from './voice-rules';

/** Speaks a sample sentence with a voice at its current slider settings (voice/preview). */
export function VoicePreviewButton({ voice }: { voice: SelectedVoice }) {
  const { t } = useTranslation('voices');
  const [busy, setBusy] = useState(false);
  const preview = async () => {
    setBusy(true);
    const result = await callApi(calls.voices.preview, { voiceId: voice.voiceId, pitch: sliderToSemitones(voice.pitch), volume: sliderToRate(voice.volume), speed: sliderToRate(voice.speed) });
    setBusy(false);
    if (!isOk(result)) return notifyError(result.message);
    await new Audio(staticUrl(result.data.url)).play().catch(() => undefined);
  };
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void preview()} aria-label={t('preview', { name: voice.name })}>
      {t('previewShort')}
    </Button>
  );
}
