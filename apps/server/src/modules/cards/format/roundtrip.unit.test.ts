import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardAgent } from './arbitraries.ts';
import { exportCardCharx, exportCardJson, exportCardPng } from './export.ts';
import { importCard } from './import.ts';
import { readChunks, writePng } from './png.ts';

let avatar: Buffer;
beforeAll(async () => {
  avatar = await sharp({ create: { width: 8, height: 12, channels: 4, background: '#c0ffee' } })
    .png()
    .toBuffer();
});

describe('export then import gives the same agent', () => {
  it('PNG (ccv3 is read)', async () => {
    await fc.assert(
      fc.asyncProperty(cardAgent(true), async (agent) => {
        const card = importCard(await exportCardPng(agent, avatar));
        expect(card.agent).toEqual(agent);
        expect(card.sourceSpec).toBe('v3');
        expect(card.warnings).toEqual([]);
        expect(card.avatar).toEqual(avatar);
      }),
      { numRuns: 150 },
    );
  });

  it('PNG without ccv3 (chara, the V2 copy, carries the same agent except V3-only fields)', async () => {
    await fc.assert(
      fc.asyncProperty(cardAgent(false), async (agent) => {
        const png = await exportCardPng(agent, avatar);
        const charaOnly = writePng(readChunks(png).filter((chunk) => !chunk.data.subarray(0, 5).equals(Buffer.from('ccv3\0'))));
        const card = importCard(charaOnly);
        expect(card.sourceSpec).toBe('v2');
        expect(card.agent).toEqual(agent);
      }),
      { numRuns: 50 },
    );
  });

  it('JSON V3 (the default)', () => {
    fc.assert(
      fc.property(cardAgent(true), (agent) => {
        const before = structuredClone(agent);
        const card = importCard(Buffer.from(exportCardJson(agent)));
        expect(card).toEqual({ agent, avatar: null, assetFiles: [], assetsLeftOut: [], sourceSpec: 'v3', warnings: [] });
        expect(agent).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('JSON V2', () => {
    fc.assert(
      fc.property(cardAgent(false), (agent) => {
        const card = importCard(Buffer.from(exportCardJson(agent, 'v2')));
        expect(card).toEqual({ agent, avatar: null, assetFiles: [], assetsLeftOut: [], sourceSpec: 'v2', warnings: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('CHARX, with and without an avatar', async () => {
    await fc.assert(
      fc.asyncProperty(cardAgent(true), fc.boolean(), async (agent, withAvatar) => {
        const card = importCard(await exportCardCharx(agent, withAvatar ? avatar : null));
        expect(card).toEqual({ agent, avatar: withAvatar ? avatar : null, assetFiles: [], assetsLeftOut: [], sourceSpec: 'v3', warnings: [] });
      }),
      { numRuns: 150 },
    );
  });
});
