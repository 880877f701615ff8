import type { CardAgent, CardAvatarKind, CardGender, CardVoice } from './types.ts';

/**
 * `data.extensions.starlit`: the agent fields no other tool has. Written in full on every
 * export; on import, a part that is not what Starlit writes is left out with a warning.
 */

type StarlitFields = Pick<CardAgent, 'gender' | 'skills' | 'voices' | 'avatarKind'>;

const GENDERS: readonly unknown[] = ['Unknown', 'Male', 'Female'] satisfies CardGender[];
const AVATAR_KINDS: readonly unknown[] = ['2d', '3d'] satisfies CardAvatarKind[];
const VOICE_NUMBERS = ['pitch', 'volume', 'speed'] as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short quote of a value for a warning: the value itself can be megabytes. */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function writeStarlit(agent: CardAgent): Record<string, unknown> {
  return {
    version: 1,
    gender: agent.gender,
    skills: [...agent.skills],
    voices: agent.voices.map(({ voiceId, pitch, volume, speed }) => ({ voiceId, pitch, volume, speed })),
    avatarKind: agent.avatarKind,
  };
}

function isVoice(value: unknown): value is CardVoice {
  return isRecord(value) && typeof value.voiceId === 'string' && VOICE_NUMBERS.every((key) => typeof value[key] === 'number' && Number.isFinite(value[key]));
}

export function readStarlit(value: unknown, warnings: string[]): StarlitFields {
  const fields: StarlitFields = { gender: 'Unknown', skills: [], voices: [], avatarKind: null };
  if (value === undefined) return fields;
  if (!isRecord(value)) {
    warnings.push('The Starlit extension of the card is not an object; gender, skills, voices and avatar kind were not imported.');
    return fields;
  }
  if (GENDERS.includes(value.gender)) fields.gender = value.gender as CardGender;
  else if (value.gender !== undefined) warnings.push(`Unknown gender ${preview(value.gender)}; set to Unknown.`);

  if (Array.isArray(value.skills) && value.skills.every((skill) => typeof skill === 'string')) fields.skills = [...value.skills];
  else if (value.skills !== undefined) warnings.push('The skills of the card are not a list of names; not imported.');

  if (Array.isArray(value.voices)) {
    const voices = value.voices.filter(isVoice);
    fields.voices = voices.map(({ voiceId, pitch, volume, speed }) => ({ voiceId, pitch, volume, speed }));
    const dropped = value.voices.length - voices.length;
    if (dropped > 0) warnings.push(`${dropped} voice setting(s) of the card are malformed; not imported.`);
  } else if (value.voices !== undefined) warnings.push('The voices of the card are not a list; not imported.');

  if (AVATAR_KINDS.includes(value.avatarKind)) fields.avatarKind = value.avatarKind as CardAvatarKind;
  else if (value.avatarKind !== undefined && value.avatarKind !== null) {
    warnings.push(`Unknown avatar kind ${preview(value.avatarKind)}; not imported.`);
  }
  return fields;
}
