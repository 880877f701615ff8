import type { PaletteName } from '../ai/image/palettes.ts';
import type { SceneKind } from '../ai/image/procedural.ts';
import type { Mode, Timbre } from '../ai/music/composer.ts';

export interface DemoPicture {
  scene: SceneKind;
  palette: PaletteName;
  width: number;
  height: number;
}

export interface DemoMelody {
  seconds: number;
  bpm: number;
  tonic: number;
  mode: Mode;
  timbre: Timbre;
}

export interface DemoWork {
  slug: string;
  kind: 'image' | 'audio' | 'post';
  name: string;
  description: string;
  prompt: string;
  tags: string[];
  /** The demo agent the work belongs to, if any. */
  agent?: string;
  /** The picture of an image work, the cover of an audio work, the optional image of a post. */
  picture?: DemoPicture;
  melody?: DemoMelody;
}

const portrait = (scene: SceneKind, palette: PaletteName): DemoPicture => ({ scene, palette, width: 768, height: 1024 });
const square = (scene: SceneKind, palette: PaletteName): DemoPicture => ({ scene, palette, width: 1024, height: 1024 });

/** Fourteen public works: eight pictures, three melodies and three posts. */
export const DEMO_WORKS: DemoWork[] = [
  {
    slug: 'aurora-lake',
    kind: 'image',
    name: 'Aurora Lake',
    description: 'Curtains of green and violet light over a quiet northern lake. 北國湖面上的極光。',
    prompt: 'aurora borealis over a still lake, mountains, starry night, reflections',
    tags: ['Image', 'Aurora', 'Night'],
    agent: 'luna',
    picture: portrait('aurora', 'aurora'),
  },
  {
    slug: 'moonrise-ridge',
    kind: 'image',
    name: 'Moonrise Ridge',
    description: 'The full moon climbing over layered mountain ridges.',
    prompt: 'full moon rising over misty mountain ridges, violet sky',
    tags: ['Image', 'Moon', 'Mountains'],
    picture: portrait('moonrise', 'starlit'),
  },
  {
    slug: 'rose-nebula',
    kind: 'image',
    name: 'Rose Nebula',
    description: 'Clouds of pink gas where new stars are born. 玫瑰星雲。',
    prompt: 'rose-coloured nebula, dense star field, deep space',
    tags: ['Image', 'Space', 'Nebula'],
    agent: 'orion',
    picture: portrait('nebula', 'rose'),
  },
  {
    slug: 'neon-horizon',
    kind: 'image',
    name: 'Neon Horizon',
    description: 'A striped sun sets over an endless neon grid.',
    prompt: 'synthwave sunset, striped sun, neon perspective grid, retro',
    tags: ['Image', 'Synthwave', 'Retro'],
    agent: 'kai',
    picture: portrait('synthwave', 'dusk'),
  },
  {
    slug: 'desert-crescent',
    kind: 'image',
    name: 'Desert Crescent',
    description: 'A thin crescent moon above warm night dunes.',
    prompt: 'crescent moon over sand dunes at night, warm colours',
    tags: ['Image', 'Desert', 'Moon'],
    picture: portrait('dunes', 'ember'),
  },
  {
    slug: 'ringed-giant',
    kind: 'image',
    name: 'Ringed Giant',
    description: 'A banded gas giant and its ring, with a small moon nearby. 帶環的巨行星。',
    prompt: 'ringed gas giant planet, small moon, star field, cinematic',
    tags: ['Image', 'Space', 'Planet'],
    agent: 'orion',
    picture: portrait('ringed', 'violet'),
  },
  {
    slug: 'moonlit-sea',
    kind: 'image',
    name: 'Moonlit Sea',
    description: 'The moon draws a silver path across a calm sea.',
    prompt: 'moon over calm sea, shimmering moonlight path, night',
    tags: ['Image', 'Sea', 'Moon'],
    agent: 'hu-li',
    picture: portrait('seaside', 'ocean'),
  },
  {
    slug: 'spiral-galaxy',
    kind: 'image',
    name: 'Spiral Galaxy',
    description: 'A spiral galaxy seen from far away, arms full of young stars. 遙遠的螺旋星系。',
    prompt: 'spiral galaxy, glowing core, star dust arms',
    tags: ['Image', 'Galaxy', 'Space'],
    picture: portrait('galaxy', 'starlit'),
  },
  {
    slug: 'starlight-lullaby',
    kind: 'audio',
    name: 'Starlight Lullaby',
    description: 'A slow music-box arpeggio in C major for falling asleep. 星光搖籃曲。',
    prompt: 'gentle lullaby, music box, slow, major key',
    tags: ['Music', 'Lullaby', 'Calm'],
    agent: 'luna',
    picture: square('constellations', 'starlit'),
    melody: { seconds: 12, bpm: 72, tonic: 60, mode: 'major', timbre: 'pluck' },
  },
  {
    slug: 'neon-drift',
    kind: 'audio',
    name: 'Neon Drift',
    description: 'A driving minor-key arpeggio for night rides through the city.',
    prompt: 'synthwave arpeggio, minor key, night drive',
    tags: ['Music', 'Synthwave', 'Night'],
    agent: 'kai',
    picture: square('synthwave', 'rose'),
    melody: { seconds: 12, bpm: 108, tonic: 57, mode: 'minor', timbre: 'pluck' },
  },
  {
    slug: 'aurora-chimes',
    kind: 'audio',
    name: 'Aurora Chimes',
    description: 'Pentatonic bells drifting like lights over a forest. 極光風鈴。',
    prompt: 'pentatonic bells, ambient, forest at night',
    tags: ['Music', 'Ambient', 'Bells'],
    agent: 'hu-li',
    picture: square('forest', 'aurora'),
    melody: { seconds: 14, bpm: 84, tonic: 62, mode: 'pentatonic', timbre: 'bell' },
  },
  {
    slug: 'welcome',
    kind: 'post',
    name: 'Welcome to Starlit',
    description:
      'Welcome to Starlit! Chat with AI characters, create your own agent, and make pictures and music to share. Everything you see here was made on this server by offline engines, so it works even without an AI provider. 歡迎來到 Starlit！和 AI 角色聊天、創建自己的角色，並分享你的作品。',
    prompt: '',
    tags: ['Announcement'],
  },
  {
    slug: 'how-it-was-made',
    kind: 'post',
    name: 'How these were made',
    description:
      'The pictures on this page are drawn by the Starlit procedural image engine: a seeded random generator places stars, moons, mountains and auroras as vector shapes, then the server rasterizes them. The melodies come from the algorithmic composer: chords, arpeggios and bells synthesized sample by sample. Same seed, same picture.',
    prompt: '',
    tags: ['Behind the scenes'],
    picture: square('constellations', 'violet'),
  },
  {
    slug: 'share-your-sky',
    kind: 'post',
    name: 'Share your night sky',
    description: 'What does the sky look like where you are tonight? Post a picture or ask an agent to paint one for you. 分享你今晚看到的星空吧！',
    prompt: '',
    tags: ['Community', 'Night'],
    agent: 'luna',
    picture: square('moonrise', 'violet'),
  },
];

/**
 * Newest first: the order in which demo agents and works appear on the home feed. Agents
 * and works alternate so every tab has a varied first page.
 */
export const DEMO_TIMELINE: string[] = [
  'welcome',
  'agent:luna',
  'aurora-lake',
  'starlight-lullaby',
  'agent:mochi',
  'neon-horizon',
  'how-it-was-made',
  'agent:orion',
  'rose-nebula',
  'neon-drift',
  'agent:kai',
  'moonlit-sea',
  'ringed-giant',
  'agent:hu-li',
  'aurora-chimes',
  'desert-crescent',
  'share-your-sky',
  'agent:sage',
  'moonrise-ridge',
  'spiral-galaxy',
];
