/** Colours of one scene: sky from zenith to horizon, light accents, the glow of a moon or sun, land far and near. */
export interface Palette {
  sky: [zenith: string, middle: string, horizon: string];
  accents: [string, string, string];
  glow: string;
  land: [far: string, near: string];
}

/** Hand-picked night palettes around Starlit's own violet (#44367F, #221463). */
export const PALETTES = {
  starlit: { sky: ['#0b0630', '#221463', '#44367f'], accents: ['#8f7cff', '#ff8bd1', '#6fe3ff'], glow: '#fff4d6', land: ['#2a1d5c', '#120a33'] },
  aurora: { sky: ['#020a1c', '#06203a', '#0f3a4f'], accents: ['#4dffb0', '#38d9ff', '#b47cff'], glow: '#e9fff6', land: ['#0c2233', '#030b14'] },
  dusk: { sky: ['#1a0b3b', '#6b2d6f', '#f08a5d'], accents: ['#ffb36b', '#ff6f91', '#ffd36e'], glow: '#fff0c2', land: ['#4a1f52', '#1c0a24'] },
  rose: { sky: ['#1b0824', '#4b1242', '#c34f7a'], accents: ['#ff9ecf', '#ffd1e8', '#b88cff'], glow: '#ffe6f2', land: ['#3a0f35', '#16051a'] },
  ocean: { sky: ['#010b1f', '#0a2a5e', '#2a6f97'], accents: ['#7fdcff', '#a3b8ff', '#6effe0'], glow: '#f4fbff', land: ['#0b2447', '#020d1f'] },
  ember: { sky: ['#120314', '#3d0c2e', '#b33c2e'], accents: ['#ff7a3d', '#ffc04d', '#ff4f7b'], glow: '#fff1d0', land: ['#3a0d24', '#12030c'] },
  mint: { sky: ['#031a1a', '#0c3b3f', '#3f8f86'], accents: ['#9dffd8', '#ffe58f', '#8fd3ff'], glow: '#f3fff8', land: ['#0d3334', '#031414'] },
  violet: { sky: ['#07031a', '#2b0f5e', '#7a3fbf'], accents: ['#c79bff', '#ff9bf5', '#7fb2ff'], glow: '#f6ecff', land: ['#26104f', '#0c0424'] },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;
