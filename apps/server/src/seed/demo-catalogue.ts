import type { AvatarOptions } from '../ai/image/avatar.ts';
import type { ItemKind } from '../ai/image/items.ts';
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
  priceKind: 'free' | 'limited_free' | 'diamonds';
  price: number;
  /** For limited-time free gifts: how many days from seeding they stay free. */
  freeDays?: number;
}

/** The seven gifts of SPEC §1, cheapest first. */
export const DEMO_GIFTS: DemoGift[] = [
  { key: 'heart', priceKind: 'free', price: 0 },
  { key: 'lollipop', priceKind: 'limited_free', price: 5, freeDays: 7 },
  { key: 'beer', priceKind: 'diamonds', price: 10 },
  { key: 'finger_heart', priceKind: 'diamonds', price: 20 },
  { key: 'rose', priceKind: 'diamonds', price: 52 },
  { key: 'balloon', priceKind: 'diamonds', price: 99 },
  { key: 'firework', priceKind: 'diamonds', price: 520 },
];

/** How a store cover is drawn: an item picture, a scene, or an avatar. */
export type CoverArt = { item: ItemKind; palette: PaletteName; colour?: string } | { scene: SceneKind; palette: PaletteName } | { avatar: Omit<AvatarOptions, 'seed' | 'size'> };

export interface DemoStoreItem {
  slug: string;
  category: 'Clothing' | 'Scene' | 'Music' | 'Avatar';
  nameEn: string;
  nameZhTw: string;
  priceDiamonds: number;
  art: CoverArt;
}

/** Twelve store items, three per category. */
export const DEMO_STORE_ITEMS: DemoStoreItem[] = [
  { slug: 'starlit-hoodie', category: 'Clothing', nameEn: 'Starlit Hoodie', nameZhTw: '星光連帽衫', priceDiamonds: 120, art: { item: 'hoodie', palette: 'starlit' } },
  { slug: 'moonlight-gown', category: 'Clothing', nameEn: 'Moonlight Gown', nameZhTw: '月光禮服', priceDiamonds: 360, art: { item: 'gown', palette: 'rose' } },
  { slug: 'nebula-jacket', category: 'Clothing', nameEn: 'Nebula Jacket', nameZhTw: '星雲夾克', priceDiamonds: 240, art: { item: 'jacket', palette: 'ocean' } },
  { slug: 'aurora-lakeside', category: 'Scene', nameEn: 'Aurora Lakeside', nameZhTw: '極光湖畔', priceDiamonds: 300, art: { scene: 'aurora', palette: 'aurora' } },
  { slug: 'neon-horizon', category: 'Scene', nameEn: 'Neon Horizon', nameZhTw: '霓虹地平線', priceDiamonds: 280, art: { scene: 'synthwave', palette: 'dusk' } },
  { slug: 'firefly-forest', category: 'Scene', nameEn: 'Firefly Forest', nameZhTw: '螢火森林', priceDiamonds: 260, art: { scene: 'forest', palette: 'mint' } },
  { slug: 'midnight-lofi', category: 'Music', nameEn: 'Midnight Lo-fi', nameZhTw: '午夜低傳真', priceDiamonds: 80, art: { item: 'vinyl', palette: 'starlit', colour: '#ff8bd1' } },
  { slug: 'starry-waltz', category: 'Music', nameEn: 'Starry Waltz', nameZhTw: '星空圓舞曲', priceDiamonds: 80, art: { item: 'vinyl', palette: 'violet', colour: '#ffd36e' } },
  { slug: 'ocean-breeze', category: 'Music', nameEn: 'Ocean Breeze', nameZhTw: '海風輕拂', priceDiamonds: 60, art: { item: 'vinyl', palette: 'ocean', colour: '#6fe3ff' } },
  { slug: 'cosmic-cat', category: 'Avatar', nameEn: 'Cosmic Cat', nameZhTw: '宇宙貓咪', priceDiamonds: 180, art: { avatar: { palette: 'violet', hair: 'short', hairColour: '#3b2a5c', ears: 'cat' } } },
  { slug: 'fox-spirit', category: 'Avatar', nameEn: 'Fox Spirit', nameZhTw: '狐仙', priceDiamonds: 220, art: { avatar: { palette: 'ember', hair: 'long', hairColour: '#f2f0ff', ears: 'fox' } } },
  { slug: 'comet-rider', category: 'Avatar', nameEn: 'Comet Rider', nameZhTw: '彗星騎士', priceDiamonds: 200, art: { avatar: { palette: 'ocean', hair: 'spiky', hairColour: '#7fdcff' } } },
];
