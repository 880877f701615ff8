import type { MessageKey } from '@starlit/contract';
import { rateToSlider, semitonesToSlider, voiceSelectionProblem } from '@starlit/contract/rules';

/** A voice of the agent being edited, with its slider positions (0–100). */
export interface SelectedVoice {
  voiceId: string;
  name: string;
  cloned: boolean;
  pitch: number;
  volume: number;
  speed: number;
}

/** Sliders of a newly added voice: the middle of pitch, 1× volume and speed. */
export const DEFAULT_SLIDERS = { pitch: semitonesToSlider(0), volume: rateToSlider(1), speed: rateToSlider(1) } as const;

/**
 * Adds a voice to the selection if the contract's voice rules (SPEC §5) allow it, so the
 * picker refuses with the same message the server would.
 */
export function addVoice(selected: readonly SelectedVoice[], voice: Omit<SelectedVoice, 'pitch' | 'volume' | 'speed'>): { ok: true; voices: SelectedVoice[] } | { ok: false; error: MessageKey } {
  const next = [...selected, { ...voice, ...DEFAULT_SLIDERS }];
  const problem = voiceSelectionProblem(next);
  return problem ? { ok: false, error: problem } : { ok: true, voices: next };
}

/** Removes a voice from the selection. */
export function removeVoice(selected: readonly SelectedVoice[], voiceId: string): SelectedVoice[] {
  return selected.filter((voice) => voice.voiceId !== voiceId);
}
