import type { Ears, HairStyle } from './avatar.ts';

/** What the offline painter can put in a picture. */
export type SceneElement =
  | 'sea'
  | 'beach'
  | 'mountains'
  | 'desert'
  | 'forest'
  | 'city'
  | 'neon'
  | 'lighthouse'
  | 'grid'
  | 'snow'
  | 'moon'
  | 'aurora'
  | 'stars'
  | 'constellations'
  | 'milkyWay'
  | 'galaxy'
  | 'nebula'
  | 'planet'
  | 'clouds'
  | 'birds';

export type TimeOfDay = 'night' | 'dusk' | 'day';
export type Animal = 'cat' | 'fox';

/** A rule: English words (matched whole, an `s` plural allowed) and Chinese words (matched anywhere). */
interface Words {
  en: string[];
  zh: string[];
}

/** The word → scene table (docs/creation.md shows it). Chinese has no spaces, so longer words are read first. */
export const SCENE_WORDS: Record<SceneElement, Words> = {
  sea: { en: ['sea', 'ocean', 'beach', 'shore', 'coast', 'seaside', 'wave', 'lake', 'bay', 'harbor', 'harbour', 'island'], zh: ['海', '洋', '湖', '沙灘', '沙滩', '浪', '港', '岸', '島', '岛'] },
  beach: { en: ['beach', 'shore', 'seaside'], zh: ['沙灘', '沙滩', '海灘', '海滩', '海邊', '海边'] },
  mountains: { en: ['mountain', 'hill', 'peak', 'alps', 'cliff', 'volcano', 'ridge', 'valley'], zh: ['山', '峰', '嶺', '岭', '峽谷', '峡谷'] },
  desert: { en: ['desert', 'dune', 'sand', 'sahara', 'oasis'], zh: ['沙漠', '沙丘', '荒漠', '綠洲', '绿洲'] },
  forest: { en: ['forest', 'woods', 'tree', 'pine', 'jungle'], zh: ['森林', '樹', '树', '林'] },
  city: {
    en: ['city', 'cities', 'town', 'street', 'skyline', 'skyscraper', 'building', 'downtown', 'metropolis', 'cyberpunk', 'neon'],
    zh: ['城市', '都市', '城', '街', '大樓', '大楼', '高樓', '高楼', '摩天', '賽博', '赛博', '霓虹'],
  },
  neon: { en: ['cyberpunk', 'neon', 'futuristic'], zh: ['賽博', '赛博', '霓虹', '未來', '未来'] },
  lighthouse: { en: ['lighthouse', 'beacon'], zh: ['燈塔', '灯塔'] },
  grid: { en: ['synthwave', 'retrowave', 'vaporwave', 'outrun', 'retro'], zh: ['蒸汽波', '合成器'] },
  snow: { en: ['snow', 'snowy', 'snowfall', 'snowflake', 'winter', 'ice', 'icy', 'frozen', 'blizzard'], zh: ['雪', '冬', '冰'] },
  moon: { en: ['moon', 'moonlight', 'moonlit', 'moonrise', 'lunar', 'crescent'], zh: ['月'] },
  aurora: { en: ['aurora', 'northern lights', 'southern lights', 'borealis', 'polar lights'], zh: ['極光', '极光'] },
  stars: { en: ['star', 'starry', 'starlight', 'starlit'], zh: ['星'] },
  constellations: { en: ['constellation', 'zodiac'], zh: ['星座'] },
  milkyWay: { en: ['milky way'], zh: ['銀河', '银河', '天河'] },
  galaxy: { en: ['galaxy', 'galaxies'], zh: ['星系'] },
  nebula: { en: ['nebula', 'nebulae', 'space', 'cosmos', 'cosmic', 'universe'], zh: ['星雲', '星云', '宇宙', '太空'] },
  planet: { en: ['planet', 'saturn', 'jupiter'], zh: ['行星', '星球', '土星', '木星'] },
  clouds: { en: ['cloud', 'cloudy'], zh: ['雲', '云'] },
  birds: { en: ['bird', 'gull', 'seagull', 'crane', 'flock'], zh: ['鳥', '鸟', '海鷗', '海鸥'] },
};

/** Times of day; night is Starlit's own and the default. */
export const TIME_WORDS: Record<Exclude<TimeOfDay, 'night'>, Words> = {
  dusk: {
    en: ['sunset', 'sunrise', 'dusk', 'dawn', 'twilight', 'evening', 'golden hour', 'sundown'],
    zh: ['黃昏', '黄昏', '夕陽', '夕阳', '日落', '日出', '晚霞', '傍晚', '黎明', '朝霞'],
  },
  day: {
    en: ['day', 'daytime', 'daylight', 'noon', 'sun', 'sunny', 'sunshine', 'morning', 'afternoon', 'blue sky'],
    zh: ['白天', '白晝', '白昼', '中午', '晴', '陽光', '阳光', '早晨', '上午', '下午', '藍天', '蓝天'],
  },
};

/** Words naming a person; a `Character:` line (the studio adds it for an agent) names one too. */
export const PERSON_WORDS: Words = {
  en: [
    'girl',
    'boy',
    'woman',
    'women',
    'man',
    'men',
    'person',
    'people',
    'lady',
    'guy',
    'child',
    'children',
    'kid',
    'portrait',
    'character',
    'princess',
    'prince',
    'knight',
    'witch',
    'wizard',
    'warrior',
    'archer',
    'idol',
    'singer',
    'she',
    'her',
    'he',
    'him',
  ],
  zh: ['女孩', '男孩', '少女', '少年', '女人', '男人', '女生', '男生', '女子', '男子', '人物', '肖像', '角色', '公主', '王子', '騎士', '骑士', '魔女', '巫師', '巫师', '她', '他', '人'],
};

export const ANIMAL_WORDS: Record<Animal, Words> = {
  cat: { en: ['cat', 'kitten', 'kitty', 'neko'], zh: ['貓', '猫', '喵'] },
  fox: { en: ['fox', 'foxes', 'kitsune'], zh: ['狐'] },
};

/** An animal named as part of a person ("cat girl") gives the portrait ears instead of an animal beside it. */
const EAR_WORDS: Record<Animal, Words> = {
  cat: { en: ['cat girl', 'catgirl', 'cat boy', 'catboy', 'neko girl', 'cat ears', 'cat-eared'], zh: ['貓娘', '猫娘', '貓耳', '猫耳', '貓女', '猫女'] },
  fox: { en: ['fox girl', 'foxgirl', 'fox boy', 'fox ears', 'fox-eared', 'kitsune girl'], zh: ['狐娘', '狐耳', '狐仙', '狐女'] },
};

/** Chinese words that hold a listed character without meaning it (無人 is "nobody", 人工 "artificial"). */
const NOT_WORDS = ['無人', '无人', '沒有人', '没有人', '人工', '人造', '上海', '海報', '海报', '明星', '其他'];

const HAIR_COLOURS: Array<[colour: string, en: string[], zh: string[]]> = [
  ['#ff9ec4', ['pink'], ['粉']],
  ['#e8e8f0', ['silver', 'white', 'grey', 'gray'], ['銀', '银', '白', '灰']],
  ['#f5e6a8', ['blonde', 'blond', 'golden', 'gold'], ['金']],
  ['#2b2340', ['black', 'dark'], ['黑']],
  ['#6fe3ff', ['blue', 'cyan'], ['藍', '蓝', '青']],
  ['#ff7a3d', ['red', 'orange', 'ginger'], ['紅', '红', '橘', '橙']],
  ['#8a5a3c', ['brown'], ['棕', '褐', '咖啡']],
  ['#c9b6ff', ['purple', 'violet', 'lavender'], ['紫']],
];

/** Who stands in the picture. */
export interface FigureReading {
  person: boolean;
  /** An animal sitting in the scene (not the person's ears). */
  animal: Animal | null;
  ears: Ears;
  hair: HairStyle | null;
  hairColour: string | null;
  /** True when the words say girl or woman, false for boy or man, null when they do not say. */
  feminine: boolean | null;
}

/** A prompt read as a scene: what is in it, when, and who. */
export interface PromptReading {
  elements: SceneElement[];
  time: TimeOfDay;
  figure: FigureReading;
}

const wordPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+');

function english(text: string, words: string[]): boolean {
  return new RegExp(`\\b(?:${words.map(wordPattern).join('|')})s?\\b`, 'i').test(text);
}

/**
 * Finds which Chinese words occur, longest first, each match used once: 星雲 is a nebula and
 * not also a star and a cloud, 沙灘 a beach and not a desert.
 */
function chineseHits(text: string, rules: Array<[key: string, words: string[]]>): Set<string> {
  const all = rules.flatMap(([key, words]) => words.map((word) => ({ key, word }))).concat(NOT_WORDS.map((word) => ({ key: '', word })));
  all.sort((a, b) => b.word.length - a.word.length);
  let rest = text;
  const hits = new Set<string>();
  for (const { key, word } of all) {
    if (!rest.includes(word)) continue;
    if (key) hits.add(key);
    rest = rest.split(word).join('\u0000');
  }
  return hits;
}

function read<K extends string>(text: string, rules: Record<K, Words>): Set<K> {
  const keys = Object.keys(rules) as K[];
  const hits = chineseHits(
    text,
    keys.map((k) => [k, rules[k].zh]),
  ) as Set<K>;
  for (const k of keys) if (english(text, rules[k].en)) hits.add(k);
  return hits;
}

function readFigure(scene: string, character: string | null): FigureReading {
  const all = character === null ? scene : `${scene}\n${character}`;
  const people = read(all, {
    person: PERSON_WORDS,
    feminine: { en: ['girl', 'woman', 'women', 'lady', 'princess', 'witch', 'she', 'her'], zh: ['女', '她', '公主'] },
    masculine: { en: ['boy', 'man', 'men', 'guy', 'prince', 'he', 'him'], zh: ['男', '他', '王子'] },
  });
  const ears = read(all, EAR_WORDS);
  // animals in the character's own words are its ears; in the scene they sit beside it
  const sceneAnimals = read(scene, ANIMAL_WORDS);
  const characterAnimals = character === null ? new Set<Animal>() : read(character, ANIMAL_WORDS);
  const person = people.has('person') || character !== null || ears.size > 0;
  const earOf = (kind: Animal) => ears.has(kind) || characterAnimals.has(kind);
  const earKind: Ears = earOf('fox') ? 'fox' : earOf('cat') ? 'cat' : 'none';
  const animal = (['cat', 'fox'] as const).find((kind) => sceneAnimals.has(kind) && !ears.has(kind)) ?? null;
  const hairWords = read(all, {
    long: { en: ['long hair', 'long-haired'], zh: ['長髮', '长发'] },
    short: { en: ['short hair', 'short-haired'], zh: ['短髮', '短发'] },
    bun: { en: ['bun', 'buns'], zh: ['丸子頭', '丸子头', '髮髻', '发髻'] },
    spiky: { en: ['spiky'], zh: ['刺蝟頭', '刺猬头'] },
  });
  const colour = HAIR_COLOURS.find(([, en, zh]) => new RegExp(`\\b(?:${en.join('|')})[\\s-]*hair`, 'i').test(all) || zh.some((w) => new RegExp(`${w}色?(?:頭|头)?(?:髮|发)`).test(all)));
  const feminine = people.has('feminine') && !people.has('masculine') ? true : people.has('masculine') && !people.has('feminine') ? false : null;
  return { person, animal, ears: earKind, hair: (['long', 'short', 'bun', 'spiky'] as const).find((h) => hairWords.has(h)) ?? null, hairColour: colour?.[0] ?? null, feminine };
}

/**
 * Reads a prompt, English or Chinese, into what to paint. A line starting with `Character:`
 * (the studio's way to bring an agent in) names who is in the picture; its words choose the
 * character's look, not the scene.
 */
export function readPrompt(prompt: string): PromptReading {
  const lines = prompt.split('\n');
  const characterLine = lines.find((line) => /^\s*character\s*:/i.test(line));
  const scene = lines.filter((line) => line !== characterLine).join('\n');
  const found = read(scene, SCENE_WORDS);
  if (found.has('lighthouse') && !found.has('desert')) found.add('sea');
  if (found.has('beach')) found.add('sea');
  // sand by the sea is a beach, not a desert
  if (found.has('sea') && found.has('desert')) {
    found.delete('desert');
    found.add('beach');
  }
  const times = read(scene, TIME_WORDS);
  const time: TimeOfDay = times.has('dusk') ? 'dusk' : times.has('day') && !found.has('aurora') ? 'day' : 'night';
  const elements = (Object.keys(SCENE_WORDS) as SceneElement[]).filter((e) => found.has(e));
  return { elements, time, figure: readFigure(scene, characterLine === undefined ? null : characterLine.replace(/^\s*character\s*:/i, '')) };
}
