import { describe, expect, it } from 'vitest';
import { addVoice, removeVoice } from './voice-rules';

describe('voice selection', () => {
  const official = (n: number) => ({ voiceId: `o${n}`, name: `O${n}`, cloned: false });
  it('refuses with the contract messages: duplicate, fifth, mixing, two clones', () => {
    let voices = addVoice([], official(1));
    expect(voices.ok).toBe(true);
    if (!voices.ok) return;
    expect(addVoice(voices.voices, official(1))).toEqual({ ok: false, error: 'voice.duplicate' });
    expect(addVoice(voices.voices, { voiceId: 'c1', name: 'Me', cloned: true })).toEqual({ ok: false, error: 'voice.clonedMixed' });
    for (const n of [2, 3, 4]) {
      voices = addVoice(voices.ok ? voices.voices : [], official(n));
    }
    expect(voices.ok && voices.voices.length).toBe(4);
    if (!voices.ok) return;
    expect(addVoice(voices.voices, official(5))).toEqual({ ok: false, error: 'voice.max' });
    const one = addVoice([], { voiceId: 'c1', name: 'Me', cloned: true });
    expect(one.ok && addVoice(one.voices, { voiceId: 'c2', name: 'Me2', cloned: true })).toEqual({ ok: false, error: 'voice.clonedMax' });
    expect(removeVoice(voices.voices, 'o2').map((v) => v.voiceId)).toEqual(['o1', 'o3', 'o4']);
  });
});
