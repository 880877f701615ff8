import { describe, expect, it } from 'vitest';
import { importCard } from './import.ts';

const withStarlit = (starlit: unknown) => Buffer.from(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'S', extensions: { starlit } } }));

describe('extensions.starlit on import', () => {
  it('reads gender, skills, voices and avatar kind', () => {
    const voice = { voiceId: 'official-7', pitch: -3, volume: 80, speed: 1.25 };
    const { agent, warnings } = importCard(withStarlit({ version: 1, gender: 'Male', skills: ['AIDance'], voices: [voice], avatarKind: '3d' }));
    expect(warnings).toEqual([]);
    expect(agent).toMatchObject({ gender: 'Male', skills: ['AIDance'], voices: [voice], avatarKind: '3d' });
    expect(agent.extra.data).toEqual({});
  });

  it('leaves out what is malformed, saying what', () => {
    const { agent, warnings } = importCard(
      withStarlit({
        gender: 'robot',
        skills: 'TextToImage',
        voices: [{ voiceId: 'ok', pitch: 0, volume: 50, speed: 1 }, { voiceId: 'no numbers' }, 'v-2'],
        avatarKind: 'hologram',
      }),
    );
    expect(agent).toMatchObject({ gender: 'Unknown', skills: [], voices: [{ voiceId: 'ok', pitch: 0, volume: 50, speed: 1 }], avatarKind: null });
    expect(warnings).toEqual([
      'Unknown gender "robot"; set to Unknown.',
      'The skills of the card are not a list of names; not imported.',
      '2 voice setting(s) of the card are malformed; not imported.',
      'Unknown avatar kind "hologram"; not imported.',
    ]);
  });

  it('an extension that is not an object, or extensions that are not one', () => {
    expect(importCard(withStarlit('female')).warnings).toEqual(['The Starlit extension of the card is not an object; gender, skills, voices and avatar kind were not imported.']);
    const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'S', extensions: [1] } }));
    expect(importCard(card).warnings).toEqual(["The card's extensions are not an object; not imported."]);
  });

  it('quotes a long bad value briefly', () => {
    const { warnings } = importCard(withStarlit({ gender: 'x'.repeat(10_000) }));
    expect(warnings[0].length).toBeLessThan(80);
  });
});
