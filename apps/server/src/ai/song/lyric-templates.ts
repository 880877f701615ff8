import type { Random } from '../random.ts';
import type { Lyrics, LyricsRequest, SongGenre, SongLang } from './lyrics.ts';

// Words a song line cannot be about.
const EN_STOP = new Set(
  'about above after again also always another because been before being below between both could does doing down during each every from further have having here into itself just make many more most much must myself never only other over same should some such than that their them then there these they this those through under until very want were what when where which while with would your yours yourself song songs sing sings write lyrics please like really best good great little loves love'.split(
    ' ',
  ),
);
// Particles, pronouns, filler words and punctuation: what separates the words of a Chinese request.
const ZH_BREAKS = /關於|有關|關于|一首|這首|一個|[的了是在和與我你他她它們也都很就又把被讓給這那一個首歌請寫唱要會有著過嗎呢吧啊，。、！？：；「」『』（）\s\p{P}a-zA-Z0-9]+/u;

/**
 * The words of the request a song can be about, in the order they come: in English the
 * longer words that are not function words, in Chinese the two-to-four-character runs between
 * particles and punctuation.
 */
export function themeWords(text: string, lang: SongLang): string[] {
  if (lang === 'zh_TW') {
    const runs = text
      .split(ZH_BREAKS)
      .filter((run) => /^\p{Script=Han}+$/u.test(run))
      .flatMap((run) => (run.length <= 4 ? [run] : (run.match(/\p{Script=Han}{2}/gu) ?? [])))
      .filter((run) => run.length >= 2);
    return [...new Set(runs)];
  }
  // verbs in -ing and adverbs in -ly make poor things to sing about ("a chasing", "the slowly")
  const words = (text.toLowerCase().match(/[a-z][a-z']+/g) ?? []).filter((w) => w.length >= 4 && !EN_STOP.has(w) && !/(ing|ly)$/.test(w));
  return [...new Set(words)];
}

type Fill = { a: string; b: string; c: string; name: string };

// Lines with slots: {a} {b} {c} are words from the request, {name} the singer.
const EN: Record<'verse' | 'chorus' | 'bridge', string[][]> = {
  verse: [
    ['I found the {a} in the quiet of the night', 'I carried the {b} like a lantern burning bright', 'And {name} kept on walking down the road', 'With every step the {c} began to glow'],
    ['Morning comes and paints the {a} in gold', 'The {b} has a story waiting to be told', 'I hear the city humming soft and low', 'And {name} knows where the river wants to go'],
    ['We were dreaming of the {a} and the sea', 'Talking of the {b} under the old oak tree', 'All the {c} that we left behind', 'Is a melody still turning in my mind'],
    ['Late at night I sing about the {a}', "And the {b} is a door we're walking through", 'Stars above are whispering of the {c}', 'And {name} sings until the sky turns new'],
  ],
  chorus: [
    ['Oh {a}, light me up tonight', 'Hold on to the {b} and the light', 'We can sing it loud, we can fly', 'Under the same wide open sky'],
    ['Sing it for the {a}, sing it for the {b}', 'Every heart is shining, every heart is free', 'Hear the music rising, carry me along', "This is {name}'s song, this is our song"],
    ['Here we go, {a} and me', 'Dancing where the {b} can see', 'Never let the music fade', 'This is the song that we made'],
  ],
  bridge: [['And if the {a} should fall apart', 'I keep the {b} inside my heart', 'One more time before we go', 'Let the {c} and the whole world know']],
};

const ZH: Record<'verse' | 'chorus' | 'bridge', string[][]> = {
  verse: [
    ['夜裡我看見{a}', '像燈火照亮{b}', '{name}走在長長的路上', '每一步都有{c}的光'],
    ['清晨的風吹過{a}', '有個{b}的故事要說', '城市輕輕地唱著歌', '{name}知道河流往哪走'],
    ['我們夢見{a}和大海', '在老樹下數著{b}', '留下的每一個{c}', '都在心裡慢慢轉著'],
    ['深夜寫下{a}的名字', '每個{b}都是一扇門', '星星在天上說著{c}', '{name}唱到天色變新'],
  ],
  chorus: [
    ['啊{a}今晚照亮我', '緊緊抓住{b}和光', '我們大聲唱一起飛', '在同一片天空下'],
    ['為了{a}唱這首歌', '為了{b}唱給你聽', '每顆心都在發光', '這是{name}的歌'],
    ['跟著{a}一起走', '在{b}看得見的地方', '不讓音樂停下來', '這是我們的歌'],
  ],
  bridge: [['如果{a}散落了', '我把{b}放在心上', '再唱一次再出發', '讓整個{c}都聽見']],
};

// Stand-ins when the request has too few words of its own.
const FALLBACK: Record<SongLang, Record<SongGenre, string[]>> = {
  en_US: {
    pop: ['sunshine', 'heartbeat', 'summer'],
    ballad: ['memory', 'moonlight', 'silence'],
    rock: ['thunder', 'fire', 'highway'],
    lofi: ['rain', 'coffee', 'window'],
    electronic: ['neon', 'signal', 'midnight'],
    folk: ['river', 'mountain', 'harvest'],
  },
  zh_TW: {
    pop: ['陽光', '心跳', '夏天'],
    ballad: ['回憶', '月光', '沉默'],
    rock: ['雷聲', '火焰', '公路'],
    lofi: ['雨天', '咖啡', '窗邊'],
    electronic: ['霓虹', '訊號', '午夜'],
    folk: ['河流', '山谷', '麥田'],
  },
};

const fill = (line: string, words: Fill) => line.replace(/\{(a|b|c|name)\}/g, (_, key: keyof Fill) => words[key]);

/**
 * A verse–chorus–verse–chorus song (with a bridge when the seed says so) written from
 * templates: the description's words first, then the introduction's and persona's, fill the
 * slots, and the agent's name is the singer. Deterministic for one request and random source.
 */
export function templateLyrics(req: LyricsRequest, random: Random): Lyrics {
  // the singer's own name has its {name} slot; as a theme word it would read "the mira"
  const name = req.agent.name.toLowerCase();
  const own = [...themeWords(req.description, req.lang), ...themeWords(req.introduction, req.lang), ...themeWords(req.agent.persona, req.lang)];
  const words = [...new Set(own.filter((w) => !name.includes(w))), ...FALLBACK[req.lang][req.genre]];
  const pickWords = (from: number): Fill => {
    const at = (i: number) => words[(from + i) % words.length];
    return { a: at(0), b: at(1), c: at(2), name: req.agent.name.trim() || (req.lang === 'zh_TW' ? '我' : 'I') };
  };
  const bank = req.lang === 'zh_TW' ? ZH : EN;
  const first = random.int(0, bank.verse.length - 1);
  const verses = [bank.verse[first], bank.verse[(first + random.int(1, bank.verse.length - 1)) % bank.verse.length]];
  const chorus = random.pick(bank.chorus).map((line) => fill(line, pickWords(0)));
  const sections: Lyrics['sections'] = [
    { kind: 'verse', lines: verses[0].map((line) => fill(line, pickWords(0))) },
    { kind: 'chorus', lines: chorus },
    { kind: 'verse', lines: verses[1].map((line) => fill(line, pickWords(2))) },
    ...(random.chance(0.5) ? [{ kind: 'bridge' as const, lines: bank.bridge[0].map((line) => fill(line, pickWords(1))) }] : []),
    { kind: 'chorus', lines: [...chorus] },
  ];
  const theme = words[0];
  const title = req.lang === 'zh_TW' ? `${theme}之歌` : `${theme.charAt(0).toUpperCase()}${theme.slice(1)} Song`;
  return { title, sections };
}
