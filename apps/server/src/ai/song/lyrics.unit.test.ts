import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedChatProvider } from '../../../test/fake-service.ts';
import { offlineChat } from '../chat/offline.ts';
import { openAiCompatibleChat } from '../chat/openai-compatible.ts';
import { themeWords } from './lyric-templates.ts';
import { chatLyricsWriter, createLyricsWriter, LyricsError, type LyricsRequest, type Lyrics, parseLenientJson, TEMPLATE_LYRICS_ENGINE, templateLyricsWriter } from './lyrics.ts';
import { splitSyllables } from './syllables.ts';

const request = (over: Partial<LyricsRequest> = {}): LyricsRequest => ({
  description: 'A song about lanterns floating over the harbour',
  introduction: 'Mira watches comets from the lighthouse',
  agent: { name: 'Mira', persona: 'A cheerful stargazer' },
  genre: 'pop',
  lang: 'en_US',
  seed: 1,
  ...over,
});

const kinds = (lyrics: Lyrics) => lyrics.sections.map((s) => s.kind).filter((k) => k !== 'bridge');

describe('template lyricist (offline)', () => {
  const writer = templateLyricsWriter();

  it('writes verse, chorus, verse, chorus in English from the request words', async () => {
    const lyrics = await writer.write(request());
    expect(writer.engine).toBe(TEMPLATE_LYRICS_ENGINE);
    expect(kinds(lyrics)).toEqual(['verse', 'chorus', 'verse', 'chorus']);
    const all = lyrics.sections.flatMap((s) => s.lines).join(' ');
    expect(all).toMatch(/lanterns|harbour/);
    expect(all).toContain('Mira');
    expect(lyrics.title).toBe('Lanterns Song');
    // the second chorus repeats the first
    const choruses = lyrics.sections.filter((s) => s.kind === 'chorus');
    expect(choruses[1].lines).toEqual(choruses[0].lines);
    for (const s of lyrics.sections) expect(s.lines.length).toBe(4);
  });

  it('writes Traditional Chinese from Chinese words', async () => {
    const lyrics = await writer.write(request({ lang: 'zh_TW', description: '一首關於燈籠漂過港口的歌', introduction: '米拉在燈塔看彗星', agent: { name: '米拉', persona: '愛看星星的女孩' } }));
    expect(kinds(lyrics)).toEqual(['verse', 'chorus', 'verse', 'chorus']);
    const all = lyrics.sections.flatMap((s) => s.lines).join('');
    expect(all).toMatch(/燈籠|港口|燈塔|彗星/);
    expect(all).toContain('米拉');
    // no simplified forms of the characters the templates use
    expect(all).not.toMatch(/[们这说个门变]/);
    for (const line of lyrics.sections.flatMap((s) => s.lines)) expect(splitSyllables(line, 'zh_TW').length).toBeLessThanOrEqual(20);
  });

  it('is deterministic by seed and varies with it', async () => {
    expect(await writer.write(request({ seed: 5 }))).toEqual(await writer.write(request({ seed: 5 })));
    const songs = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => writer.write(request({ seed }))));
    expect(new Set(songs.map((s) => JSON.stringify(s))).size).toBeGreaterThan(2);
  });

  it('picks theme words, not function words', () => {
    expect(themeWords('A song about chasing the shooting stars over the harbour', 'en_US')).toEqual(['stars', 'harbour']);
    expect(themeWords('一首關於燈籠的歌，在港口', 'zh_TW')).toEqual(['燈籠', '港口']);
  });
});

describe('chat lyricist through the OpenAI-compatible adapter', () => {
  let provider: Awaited<ReturnType<typeof scriptedChatProvider>>;
  beforeAll(async () => {
    provider = await scriptedChatProvider();
  });
  afterAll(() => provider.close());
  beforeEach(() => provider.reset());
  const writer = () => chatLyricsWriter(openAiCompatibleChat({ baseUrl: provider.url, apiKey: null, model: 'm', retries: 0, backoffMs: 1 }));
  const song = {
    title: 'Harbour Lights',
    sections: [
      { kind: 'verse', lines: ['Lanterns on the water', 'Drifting out to sea'] },
      { kind: 'Chorus', lines: ['Shine, shine, harbour lights', 'Carry me home tonight'] },
      { kind: 'verse', lines: ['Comets in the window', '', 'Calling out to me'] },
    ],
  };

  it('asks for strict JSON and reads an answer wrapped in prose and a fence', async () => {
    provider.reply = `Sure! Here you go:\n\`\`\`json\n${JSON.stringify(song, null, 2).replace(/\]\n {2}\}/, '],\n  }')}\n\`\`\`\nEnjoy.`;
    const lyrics = await writer().write(request({ lang: 'zh_TW' }));
    expect(lyrics.title).toBe('Harbour Lights');
    // the chorus written once is sung again after the last verse; empty lines are dropped
    expect(kinds(lyrics)).toEqual(['verse', 'chorus', 'verse', 'chorus']);
    expect(lyrics.sections[2].lines).toEqual(['Comets in the window', 'Calling out to me']);
    const prompt = provider.bodies[0].messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('strict JSON');
    expect(prompt).toContain('Traditional Chinese');
    expect(prompt).toContain('lanterns floating over the harbour');
    expect(prompt).toContain('Mira');
  });

  it('throws LyricsError for a malformed answer, a non-song and a failing provider', async () => {
    provider.reply = '{"title": "Broken", "sections": [{"kind": "verse", "lines": ["a"';
    await expect(writer().write(request())).rejects.toBeInstanceOf(LyricsError);
    provider.reply = JSON.stringify({
      title: 'One verse',
      sections: [
        { kind: 'verse', lines: ['only'] },
        { kind: 'chorus', lines: ['this'] },
      ],
    });
    await expect(writer().write(request())).rejects.toThrow(/two verses and a chorus/);
    provider.reply = 'I would rather not write a song today.';
    await expect(writer().write(request())).rejects.toBeInstanceOf(LyricsError);
    provider.broken = true;
    await expect(writer().write(request())).rejects.toThrow(/lyrics model failed.*500/);
  });

  it('passes an abort through as it is', async () => {
    provider.reply = JSON.stringify(song);
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(writer().write(request(), controller.signal)).rejects.toThrow('stopped');
  });

  it('is chosen for a connected model; the offline chat engine gets the template lyricist', () => {
    expect(createLyricsWriter(offlineChat(0)).engine).toBe(TEMPLATE_LYRICS_ENGINE);
    expect(createLyricsWriter(openAiCompatibleChat({ baseUrl: provider.url, apiKey: null, model: 'm' })).engine).toBe('OpenAI-compatible chat');
  });
});

describe('lenient JSON', () => {
  it('reads the object inside text and forgives trailing commas', () => {
    expect(parseLenientJson('x {"a": [1, 2,],} y')).toEqual({ a: [1, 2] });
    expect(parseLenientJson('no object')).toBeNull();
  });
});
