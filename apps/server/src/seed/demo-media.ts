import { avatarSvg } from '../ai/image/avatar.ts';
import { itemSvg } from '../ai/image/items.ts';
import { rasterize, sceneSvg } from '../ai/image/procedural.ts';
import { composeArpeggio } from '../ai/music/composer.ts';
import { encodeWav } from '../ai/music/wav.ts';
import type { Storage } from '../platform/storage.ts';
import { DEMO_AGENTS } from './demo-agents.ts';
import { DEMO_STORE_ITEMS, OFFICIAL_ACCOUNT, type CoverArt } from './demo-catalogue.ts';
import { DEMO_WORKS } from './demo-works.ts';

/** Public URLs of every generated demo file, by slug. */
export interface DemoMedia {
  officialAvatar: string;
  agentAvatars: Map<string, string>;
  storeCovers: Map<string, string>;
  /** Music items' previews, by slug. */
  storePreviews: Map<string, string>;
  works: Map<string, { cover: string | null; media: string | null }>;
}

const SAMPLE_RATE = 22_050;
// Rasterizing runs on sharp's thread pool; a few at a time keeps memory flat on small machines.
const PARALLEL = 4;

async function inParallel(tasks: Array<() => Promise<void>>) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

function coverSvg(slug: string, art: CoverArt): string {
  if ('item' in art) return itemSvg({ kind: art.item, palette: art.palette, colour: art.colour, seed: slug });
  if ('scene' in art) return sceneSvg({ scene: art.scene, palette: art.palette, seed: slug, width: 512, height: 512 });
  return avatarSvg({ ...art.avatar, seed: slug });
}

/**
 * Draws and composes every demo file and stores it under `seed/…`. Everything is
 * deterministic, so running it again after an interrupted seed writes the same files.
 */
export async function renderDemoMedia(storage: Storage): Promise<DemoMedia> {
  const media: DemoMedia = { officialAvatar: storage.url(`seed/users/${OFFICIAL_ACCOUNT.slug}.webp`), agentAvatars: new Map(), storeCovers: new Map(), storePreviews: new Map(), works: new Map() };
  const webp = (key: string, svg: () => string) => async () => {
    await storage.put(key, await rasterize(svg(), 'webp'), 'image/webp');
  };
  const tasks: Array<() => Promise<void>> = [webp(`seed/users/${OFFICIAL_ACCOUNT.slug}.webp`, () => sceneSvg({ scene: 'galaxy', palette: 'starlit', seed: 'official', width: 256, height: 256 }))];

  for (const agent of DEMO_AGENTS) {
    const key = `seed/agents/${agent.slug}.webp`;
    media.agentAvatars.set(agent.slug, storage.url(key));
    tasks.push(webp(key, () => avatarSvg({ ...agent.avatar, seed: agent.slug })));
  }
  for (const item of DEMO_STORE_ITEMS) {
    const key = `seed/store/${item.slug}.webp`;
    media.storeCovers.set(item.slug, storage.url(key));
    tasks.push(webp(key, () => coverSvg(item.slug, item.art)));
    const melody = item.melody;
    if (melody) {
      const soundKey = `seed/store/${item.slug}.wav`;
      media.storePreviews.set(item.slug, storage.url(soundKey));
      tasks.push(async () => {
        const samples = composeArpeggio({ ...melody, seed: item.slug, sampleRate: SAMPLE_RATE });
        await storage.put(soundKey, encodeWav(samples, SAMPLE_RATE), 'audio/wav');
      });
    }
  }
  for (const work of DEMO_WORKS) {
    const picture = work.picture;
    const pictureKey = `seed/works/${work.slug}.webp`;
    const soundKey = `seed/works/${work.slug}.wav`;
    const cover = picture ? storage.url(pictureKey) : null;
    media.works.set(work.slug, { cover, media: work.melody ? storage.url(soundKey) : cover });
    if (picture) tasks.push(webp(pictureKey, () => sceneSvg({ ...picture, seed: work.slug })));
    const melody = work.melody;
    if (melody) {
      tasks.push(async () => {
        const samples = composeArpeggio({ ...melody, seed: work.slug, sampleRate: SAMPLE_RATE });
        await storage.put(soundKey, encodeWav(samples, SAMPLE_RATE), 'audio/wav');
      });
    }
  }
  await inParallel(tasks);
  return media;
}
