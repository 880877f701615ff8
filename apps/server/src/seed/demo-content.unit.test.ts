import { LIMITS } from '@starlit/contract/rules';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENTS } from './demo-agents.ts';
import { DEMO_GIFTS, DEMO_STORE_ITEMS, DEMO_VOICES } from './demo-catalogue.ts';
import { DEMO_TIMELINE, DEMO_WORKS } from './demo-works.ts';
import { seedId } from './seed-id.ts';

const tally = <T>(list: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of list) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

describe('demo content', () => {
  it('keeps agents within the limits of SPEC §9', () => {
    expect(DEMO_AGENTS).toHaveLength(6);
    for (const agent of DEMO_AGENTS) {
      expect(agent.roleSetting.length, agent.slug).toBeLessThanOrEqual(LIMITS.roleSetting);
      expect(agent.opening.length, agent.slug).toBeLessThanOrEqual(LIMITS.openingLine);
      expect(agent.tags.length, agent.slug).toBeLessThanOrEqual(LIMITS.tagsPerAgent);
    }
  });

  it('keeps work names within the limit and has the promised mix of works', () => {
    for (const work of DEMO_WORKS) expect(work.name.length, work.slug).toBeLessThanOrEqual(LIMITS.workName);
    expect(tally(DEMO_WORKS, (w) => w.kind)).toEqual({ image: 8, audio: 3, post: 3 });
    for (const work of DEMO_WORKS.filter((w) => w.kind !== 'post')) expect(work.picture, work.slug).toBeDefined();
    for (const work of DEMO_WORKS.filter((w) => w.kind === 'audio')) {
      expect(work.melody!.seconds, work.slug).toBeGreaterThanOrEqual(8);
      expect(work.melody!.seconds, work.slug).toBeLessThanOrEqual(15);
    }
  });

  it('places every agent and work on the timeline exactly once', () => {
    const slugs = [...DEMO_AGENTS.map((a) => `agent:${a.slug}`), ...DEMO_WORKS.map((w) => w.slug)];
    expect([...DEMO_TIMELINE].sort()).toEqual(slugs.sort());
  });

  it('has balanced voices, all gifts and every store category', () => {
    expect(tally(DEMO_VOICES, (v) => v.gender)).toEqual({ Male: 3, Female: 3 });
    expect(new Set(DEMO_VOICES.map((v) => v.language))).toEqual(new Set(['en', 'zh']));
    expect(DEMO_GIFTS.map((g) => g.key)).toEqual(['heart', 'lollipop', 'beer', 'finger_heart', 'rose', 'balloon', 'firework']);
    expect(tally(DEMO_STORE_ITEMS, (i) => i.category)).toEqual({ Clothing: 3, Scene: 3, Music: 3, Avatar: 3 });
  });
});

describe('seedId', () => {
  it('is a stable version-5-shaped UUID per name', () => {
    expect(seedId('agent:luna')).toBe(seedId('agent:luna'));
    expect(seedId('agent:luna')).not.toBe(seedId('agent:orion'));
    expect(seedId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
