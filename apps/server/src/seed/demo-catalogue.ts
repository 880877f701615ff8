import type { AvatarOptions } from '../ai/image/avatar.ts';
import type { ItemKind } from '../ai/image/items.ts';
import type { CompositionOptions } from '../ai/music/composer.ts';
import type { PaletteName } from '../ai/image/palettes.ts';
import type { SceneKind } from '../ai/image/procedural.ts';
import type { VoiceEngineParams } from '../db/schema/index.ts';

/** The official account that owns every demo agent and work. */
export const OFFICIAL_ACCOUNT = { slug: 'starlit', userName: 'Starlit' };

export interface DemoVoice {
  slug: string;
  name: string;
  gender: 'Male' | 'Female';
  language: 'en' | 'zh';
  engineParams: VoiceEngineParams;
  /** A premium voice's price in diamonds, bought once (docs/economy.md, Voices); free without one. */
  priceDiamonds?: number;
}

/** Six official voices, three of each gender, in English and Mandarin (eSpeak NG); one is premium. */
export const DEMO_VOICES: DemoVoice[] = [
  { slug: 'atlas', name: 'Atlas', gender: 'Male', language: 'en', engineParams: { engine: 'espeak-ng', voice: 'en-us+m3', pitch: 38, speed: 160 } },
  { slug: 'felix', name: 'Felix', gender: 'Male', language: 'en', engineParams: { engine: 'espeak-ng', voice: 'en-gb+m1', pitch: 50, speed: 175 } },
  { slug: 'yun', name: 'Yun 雲', gender: 'Male', language: 'zh', engineParams: { engine: 'espeak-ng', voice: 'cmn+m2', pitch: 44, speed: 155 } },
  { slug: 'luna-voice', name: 'Luna', gender: 'Female', language: 'en', engineParams: { engine: 'espeak-ng', voice: 'en-us+f3', pitch: 62, speed: 165 } },
  { slug: 'iris', name: 'Iris', gender: 'Female', language: 'en', engineParams: { engine: 'espeak-ng', voice: 'en-gb+f2', pitch: 56, speed: 170 } },
  { slug: 'xing', name: 'Xing 星', gender: 'Female', language: 'zh', engineParams: { engine: 'espeak-ng', voice: 'cmn+f4', pitch: 64, speed: 150 }, priceDiamonds: 120 },
];

export interface DemoGift {
  key: 'heart' | 'lollipop' | 'beer' | 'finger_heart' | 'rose' | 'balloon' | 'firework';
  priceKind: 'free' | 'limited_free' | 'points' | 'diamonds';
  price: number;
  /** For limited-time free gifts: how many days from seeding they stay free. */
  freeDays?: number;
}

/** The seven gifts of SPEC §1, cheapest first. */
export const DEMO_GIFTS: DemoGift[] = [
  { key: 'heart', priceKind: 'free', price: 0 },
  { key: 'lollipop', priceKind: 'limited_free', price: 5, freeDays: 7 },
  { key: 'beer', priceKind: 'points', price: 20 },
  { key: 'finger_heart', priceKind: 'diamonds', price: 20 },
  { key: 'rose', priceKind: 'diamonds', price: 52 },
  { key: 'balloon', priceKind: 'diamonds', price: 99 },
  { key: 'firework', priceKind: 'diamonds', price: 520 },
];

/** How a store cover is drawn: an item picture, a scene, or an avatar. */
export type CoverArt = { item: ItemKind; palette: PaletteName; colour?: string } | { scene: SceneKind; palette: PaletteName } | { avatar: Omit<AvatarOptions, 'seed' | 'size'> };

export type DemoStoreMelody = Omit<CompositionOptions, 'seed' | 'sampleRate'>;

export interface DemoStoreItem {
  slug: string;
  category: 'Clothing' | 'Scene' | 'Music' | 'Avatar';
  nameEn: string;
  nameZhTw: string;
  descriptionEn: string;
  descriptionZhTw: string;
  price: number;
  /** Diamonds (JE) or points (MSS); a few items are for points, earned by check-ins. */
  currency: 'JE' | 'MSS';
  art: CoverArt;
  /** Music items: the preview the algorithmic composer plays, as for the demo works. */
  melody?: DemoStoreMelody;
}

/** Twelve store items, three per category; three of them cost points. */
export const DEMO_STORE_ITEMS: DemoStoreItem[] = [
  {
    slug: 'starlit-hoodie',
    category: 'Clothing',
    nameEn: 'Starlit Hoodie',
    nameZhTw: '星光連帽衫',
    descriptionEn: 'A soft midnight hoodie stitched with tiny stars.',
    descriptionZhTw: '柔軟的午夜色連帽衫，繡著點點星光。',
    price: 120,
    currency: 'JE',
    art: { item: 'hoodie', palette: 'starlit' },
  },
  {
    slug: 'moonlight-gown',
    category: 'Clothing',
    nameEn: 'Moonlight Gown',
    nameZhTw: '月光禮服',
    descriptionEn: 'A flowing gown that shimmers like moonlight on water.',
    descriptionZhTw: '飄逸的禮服，閃耀如水面上的月光。',
    price: 360,
    currency: 'JE',
    art: { item: 'gown', palette: 'rose' },
  },
  {
    slug: 'nebula-jacket',
    category: 'Clothing',
    nameEn: 'Nebula Jacket',
    nameZhTw: '星雲夾克',
    descriptionEn: 'A bomber jacket dyed in swirling nebula blues.',
    descriptionZhTw: '以旋轉星雲藍染成的飛行夾克。',
    price: 240,
    currency: 'JE',
    art: { item: 'jacket', palette: 'ocean' },
  },
  {
    slug: 'aurora-lakeside',
    category: 'Scene',
    nameEn: 'Aurora Lakeside',
    nameZhTw: '極光湖畔',
    descriptionEn: 'A quiet lake under dancing northern lights.',
    descriptionZhTw: '極光舞動下的寧靜湖畔。',
    price: 300,
    currency: 'JE',
    art: { scene: 'aurora', palette: 'aurora' },
  },
  {
    slug: 'neon-horizon',
    category: 'Scene',
    nameEn: 'Neon Horizon',
    nameZhTw: '霓虹地平線',
    descriptionEn: 'A retro sunset grid glowing in neon.',
    descriptionZhTw: '霓虹閃耀的復古夕陽網格。',
    price: 280,
    currency: 'JE',
    art: { scene: 'synthwave', palette: 'dusk' },
  },
  {
    slug: 'firefly-forest',
    category: 'Scene',
    nameEn: 'Firefly Forest',
    nameZhTw: '螢火森林',
    descriptionEn: 'A forest path lit by a thousand fireflies.',
    descriptionZhTw: '千隻螢火蟲點亮的森林小徑。',
    price: 500,
    currency: 'MSS',
    art: { scene: 'forest', palette: 'mint' },
  },
  {
    slug: 'midnight-lofi',
    category: 'Music',
    nameEn: 'Midnight Lo-fi',
    nameZhTw: '午夜低傳真',
    descriptionEn: 'Slow, warm plucks for late-night chats.',
    descriptionZhTw: '溫暖緩慢的撥弦，適合深夜聊天。',
    price: 80,
    currency: 'JE',
    art: { item: 'vinyl', palette: 'starlit', colour: '#ff8bd1' },
    melody: { seconds: 10, bpm: 70, tonic: 57, mode: 'minor', timbre: 'soft' },
  },
  {
    slug: 'starry-waltz',
    category: 'Music',
    nameEn: 'Starry Waltz',
    nameZhTw: '星空圓舞曲',
    descriptionEn: 'Bright bells turning under a starry sky.',
    descriptionZhTw: '星空下輕盈旋轉的鈴聲。',
    price: 80,
    currency: 'JE',
    art: { item: 'vinyl', palette: 'violet', colour: '#ffd36e' },
    melody: { seconds: 10, bpm: 96, tonic: 64, mode: 'major', timbre: 'bell' },
  },
  {
    slug: 'ocean-breeze',
    category: 'Music',
    nameEn: 'Ocean Breeze',
    nameZhTw: '海風輕拂',
    descriptionEn: 'A pentatonic drift like wind over the waves.',
    descriptionZhTw: '如海風拂過浪花的五聲音階旋律。',
    price: 300,
    currency: 'MSS',
    art: { item: 'vinyl', palette: 'ocean', colour: '#6fe3ff' },
    melody: { seconds: 10, bpm: 84, tonic: 62, mode: 'pentatonic', timbre: 'pluck' },
  },
  {
    slug: 'cosmic-cat',
    category: 'Avatar',
    nameEn: 'Cosmic Cat',
    nameZhTw: '宇宙貓咪',
    descriptionEn: 'Cat ears and violet hair from another galaxy.',
    descriptionZhTw: '來自另一個星系的貓耳與紫髮。',
    price: 180,
    currency: 'JE',
    art: { avatar: { palette: 'violet', hair: 'short', hairColour: '#3b2a5c', ears: 'cat' } },
  },
  {
    slug: 'fox-spirit',
    category: 'Avatar',
    nameEn: 'Fox Spirit',
    nameZhTw: '狐仙',
    descriptionEn: 'Silver hair and fox ears with an ember glow.',
    descriptionZhTw: '銀白長髮與狐耳，透著餘燼般的光。',
    price: 220,
    currency: 'JE',
    art: { avatar: { palette: 'ember', hair: 'long', hairColour: '#f2f0ff', ears: 'fox' } },
  },
  {
    slug: 'comet-rider',
    category: 'Avatar',
    nameEn: 'Comet Rider',
    nameZhTw: '彗星騎士',
    descriptionEn: 'Spiky sky-blue hair, ready to ride a comet.',
    descriptionZhTw: '天藍色刺蝟頭，隨時準備乘著彗星出發。',
    price: 400,
    currency: 'MSS',
    art: { avatar: { palette: 'ocean', hair: 'spiky', hairColour: '#7fdcff' } },
  },
];
