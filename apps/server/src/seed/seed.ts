import type { Starlit } from '../app.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../ai/image/procedural.ts';
import { ALGORITHMIC_COMPOSER_ENGINE } from '../ai/music/composer.ts';
import { DEMO_AGENTS } from './demo-agents.ts';
import { DEMO_GIFTS, DEMO_STORE_ITEMS, DEMO_VOICES, OFFICIAL_ACCOUNT } from './demo-catalogue.ts';
import { renderDemoMedia, type DemoMedia } from './demo-media.ts';
import { DEMO_TIMELINE, DEMO_WORKS, type DemoWork } from './demo-works.ts';
import { renderVoiceSamples } from './voice-samples.ts';
import { seedId } from './seed-id.ts';
import { seedRepository, type DemoRows } from './seed.repository.ts';

/** Raise when the demo content changes, so existing installations pick up the new rows. */
export const DEMO_SEED_VERSION = '3';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Publish times a few hours apart, newest first, so the feed has an order and looks alive. */
function publishedAt(slug: string, now: Date): Date {
  const index = DEMO_TIMELINE.indexOf(slug);
  if (index < 0) throw new Error(`demo item ${slug} is missing from DEMO_TIMELINE`);
  return new Date(now.getTime() - HOUR / 2 - index * 4.5 * HOUR - ((index * 37) % 60) * 60_000);
}

function generated<T>(files: Map<string, T>, slug: string): T {
  const found = files.get(slug);
  if (found === undefined) throw new Error(`no generated file for demo item ${slug}`);
  return found;
}

function engineOf(work: DemoWork): string | null {
  if (work.melody) return ALGORITHMIC_COMPOSER_ENGINE;
  return work.picture ? PROCEDURAL_IMAGE_ENGINE : null;
}

/** The demo rows, pointing at the generated files (voice samples by voice slug). */
export function demoRows(media: DemoMedia, now: Date, voiceSamples: Map<string, string> = new Map()): DemoRows {
  const ownerId = seedId(`user:${OFFICIAL_ACCOUNT.slug}`);
  const sort = <T>(list: T[]) => list.map((item, i) => ({ item, sort: i + 1 }));
  return {
    official: { id: ownerId, userName: OFFICIAL_ACCOUNT.userName, passwordHash: null, isOfficial: true, avatar: media.officialAvatar },
    voices: DEMO_VOICES.map((v) => ({
      id: seedId(`voice:${v.slug}`),
      name: v.name,
      gender: v.gender,
      language: v.language,
      isOfficial: true,
      engineParams: v.engineParams,
      priceDiamonds: v.priceDiamonds ?? 0,
      sample: voiceSamples.get(v.slug) ?? null,
    })),
    gifts: sort(DEMO_GIFTS).map(({ item: g, sort }) => ({
      id: seedId(`gift:${g.key}`),
      key: g.key,
      priceKind: g.priceKind,
      price: g.price,
      freeUntil: g.freeDays ? new Date(now.getTime() + g.freeDays * DAY) : null,
      sort,
    })),
    storeItems: sort(DEMO_STORE_ITEMS).map(({ item, sort }) => ({
      id: seedId(`store:${item.slug}`),
      category: item.category,
      nameEn: item.nameEn,
      nameZhTw: item.nameZhTw,
      descriptionEn: item.descriptionEn,
      descriptionZhTw: item.descriptionZhTw,
      price: item.price,
      currency: item.currency,
      cover: generated(media.storeCovers, item.slug),
      preview: item.melody ? generated(media.storePreviews, item.slug) : null,
      sort,
    })),
    agents: DEMO_AGENTS.map((a) => {
      const at = publishedAt(`agent:${a.slug}`, now);
      return {
        id: seedId(`agent:${a.slug}`),
        ownerId,
        nickname: a.nickname,
        gender: a.gender,
        roleSetting: a.roleSetting,
        roleIntro: a.roleIntro,
        opening: a.opening,
        tags: a.tags,
        avatar: generated(media.agentAvatars, a.slug),
        avatarKind: '2d' as const,
        isPublic: true,
        publishedAt: at,
        createdAt: at,
      };
    }),
    // demo agents speak with an official voice and have skills, as the publish rules ask
    agentVoices: DEMO_AGENTS.map((a) => ({ agentId: seedId(`agent:${a.slug}`), voiceId: seedId(`voice:${a.voice}`), position: 0 })),
    agentSkills: DEMO_AGENTS.flatMap((a) => a.skills.map((skillKey) => ({ agentId: seedId(`agent:${a.slug}`), skillKey }))),
    // the demo's own skills work for good: Starlit's showcase, not a purchase, so no ledger movement
    agentSkillTerms: DEMO_AGENTS.flatMap((a) => a.skills.map((skillKey) => ({ agentId: seedId(`agent:${a.slug}`), skillKey, expiresAt: null }))),
    works: DEMO_WORKS.map((w) => {
      const at = publishedAt(w.slug, now);
      const files = generated(media.works, w.slug);
      return {
        id: seedId(`work:${w.slug}`),
        authorId: ownerId,
        agentId: w.agent ? seedId(`agent:${w.agent}`) : null,
        kind: w.kind,
        name: w.name,
        description: w.description,
        prompt: w.prompt,
        tags: w.tags,
        cover: files.cover,
        media: files.media,
        engine: engineOf(w),
        isPublic: true,
        publishedAt: at,
        createdAt: at,
      };
    }),
  };
}

/**
 * Fills an empty installation with demo content (SEED_DEMO): the official account, voices,
 * gifts, store items, agents and works with generated pictures and music. It runs once: the
 * seed version is recorded in app_meta, and a start that finds it does nothing.
 */
export async function seedDemo(starlit: Starlit): Promise<{ seeded: boolean; ms: number }> {
  const started = performance.now();
  const repository = seedRepository(starlit.database.db);
  if ((await repository.version()) === DEMO_SEED_VERSION) return { seeded: false, ms: performance.now() - started };
  const storage = starlit.storage;
  const media = await renderDemoMedia(storage);
  const voiceSamples = await renderVoiceSamples(storage);
  if (!voiceSamples) starlit.app.log.info('espeak-ng is not installed: official voices are seeded without spoken samples');
  const seeded = await repository.write(demoRows(media, new Date(), voiceSamples ?? undefined), DEMO_SEED_VERSION);
  const ms = performance.now() - started;
  if (seeded) starlit.app.log.info(`demo content seeded in ${Math.round(ms)} ms`);
  return { seeded, ms };
}
