import type { EspeakVoiceParams } from '../../db/schema/catalogue.ts';
import { fixStreamedWavSizes } from './wav-header.ts';
import { canRun, runProcess } from './run-process.ts';
import type { SpeechModel, SpeechResult, SpeechVoice, VoiceSettings } from './speech-model.ts';

/** The name the UI shows for speech made by eSpeak NG. */
export const ESPEAK_ENGINE = 'eSpeak NG (offline)';

const COMMAND = 'espeak-ng';
const DEFAULT_TIMEOUT_MS = 20_000;
// a minute of 22 kHz 16-bit mono; anything longer is a runaway
const MAX_OUTPUT_BYTES = 60 * 22_050 * 2;
// the pitch slider's ±12 semitones span eSpeak's whole 0–99 range around the voice's own pitch
const PITCH_UNITS_PER_SEMITONE = 50 / 12;
const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/** eSpeak NG command-line arguments for a voice and a person's slider settings. */
export function espeakArguments(params: EspeakVoiceParams, settings: VoiceSettings): string[] {
  return [
    '--stdout',
    '-b',
    '1', // stdin is UTF-8
    '-v',
    params.voice,
    '-p',
    String(clamp(params.pitch + settings.pitch * PITCH_UNITS_PER_SEMITONE, 0, 99)),
    '-s',
    String(clamp(params.speed * settings.speed, 80, 450)),
    '-a',
    String(clamp(100 * settings.volume, 0, 200)),
  ];
}

/** Offline speech with the eSpeak NG command (ARCHITECTURE §5); text travels on stdin. */
export function espeakSpeech(options: { timeoutMs?: number } = {}): SpeechModel {
  let installed: Promise<boolean> | null = null;
  return {
    engine: ESPEAK_ENGINE,
    available() {
      installed ??= canRun(COMMAND, ['--version']);
      return installed;
    },
    async synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<SpeechResult> {
      const params = voice.engineParams;
      if (params.engine !== 'espeak-ng') throw new Error(`eSpeak NG cannot speak a ${params.engine} voice`);
      const out = await runProcess(COMMAND, espeakArguments(params, voice.settings), {
        input: text,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal,
        maxOutputBytes: MAX_OUTPUT_BYTES,
      });
      if (out.code !== 0) throw new Error(`espeak-ng failed (exit ${out.code}): ${out.stderr.trim()}`);
      return { audio: fixStreamedWavSizes(out.stdout), contentType: 'audio/wav', engine: ESPEAK_ENGINE };
    },
  };
}
