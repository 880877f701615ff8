import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsWorld, completeAgent, type AgentsWorld } from '../../../test/agents.ts';
import { buildDraftAgent } from '../../../test/factories.ts';

const c = calls.agents;

let w: AgentsWorld;
beforeAll(async () => {
  w = await agentsWorld();
});
afterAll(async () => {
  await w?.close();
});

const draft = async () => (await buildDraftAgent(w.t, w.owner)).id;

describe('voices (SPEC §5)', () => {
  const pick = (voiceId: string) => ({ voiceId, pitch: 0, volume: 1, speed: 1 });
  const setVoices = (id: string, ids: string[], lang = 'en_US') => w.t.call(c.setVoices, { id, voices: ids.map(pick) }, { as: w.owner, lang });

  it('keeps up to 4 voices in order with their settings', async () => {
    const id = await draft();
    const res = await w.t.call(c.setVoices, { id, voices: [{ voiceId: w.official[1], pitch: -12, volume: 0.5, speed: 2 }, ...w.official.slice(2, 5).map(pick)] }, { as: w.owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data.voices.map((v) => v.voiceId)).toEqual([w.official[1], ...w.official.slice(2, 5)]);
    expect(res.body.data.voices[0]).toMatchObject({ pitch: -12, speed: 2, cloned: false });
  });

  it.each([
    ['a fifth voice', () => w.official, 'At most 4 voices per agent', '每個智能體最多 4 個聲音'],
    ['the same voice twice', () => [w.official[0], w.official[0]], 'The same voice cannot be added twice', '同一個聲音不能重複加入'],
    ['a cloned voice with an official one', () => [w.ownClone, w.official[0]], 'A cloned voice cannot be mixed with official voices', '複製的聲音不能與官方聲音混用'],
  ])('refuses %s in both languages', async (_, ids, en, zh) => {
    const id = await draft();
    expect((await setVoices(id, ids())).body).toMatchObject({ code: 6003, message: en });
    expect((await setVoices(id, ids(), 'zh_TW')).body).toMatchObject({ code: 6003, message: zh });
  });

  it("accepts my own cloned voice alone, and not somebody else's", async () => {
    const id = await draft();
    expect((await setVoices(id, [w.ownClone])).body.data.voices[0].cloned).toBe(true);
    expect((await setVoices(id, [w.otherClone])).body).toMatchObject({ code: 6004, message: 'Voice not found' });
  });

  it('refuses slider values outside SPEC §9', async () => {
    const id = await draft();
    const res = await w.t.call(c.setVoices, { id, voices: [{ voiceId: w.official[0], pitch: 13, volume: 1, speed: 1 }] }, { as: w.owner });
    expect(res.body.code).toBe(1001);
  });
});

describe('publish checklist (SPEC §5)', () => {
  it('names everything that is missing, in both languages', async () => {
    const id = await draft();
    const en = await w.t.call(c.publish, { id }, { as: w.owner, lang: 'en_US' });
    expect(en.body.code).toBe(6002);
    expect(en.body.message).toBe(
      'Role setting is required; Opening is required; Role intro is required; When using an agent, at least one ability must be selected; Voice is required; Avatar is required',
    );
    const zh = await w.t.call(c.publish, { id }, { as: w.owner, lang: 'zh_TW' });
    expect(zh.body.message).toContain('使用智能體時，至少需選擇一項能力');
  });

  it.each([
    ['role setting', { roleSetting: '' }, 'Role setting is required'],
    ['role intro', { roleIntro: '  ' }, 'Role intro is required'],
  ])('refuses without a %s', async (_, change, text) => {
    const id = await draft();
    await completeAgent(w, id);
    await w.t.ok(c.audition, { id }, { as: w.owner });
    await w.t.ok(c.update, { id, ...change }, { as: w.owner });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body).toMatchObject({ code: 6002, message: text });
  });

  it('refuses without a skill, a voice or an avatar', async () => {
    const id = await draft();
    await completeAgent(w, id);
    await w.t.ok(c.audition, { id }, { as: w.owner });
    await w.t.ok(c.setSkills, { id, skills: [] }, { as: w.owner });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body.message).toBe('When using an agent, at least one ability must be selected');
    await w.t.ok(c.setSkills, { id, skills: ['TextToMusic'] }, { as: w.owner });
    await w.t.starlit.services.agents.setAvatar(id, w.owner.userId, { kind: null, image: null });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body.message).toBe('Avatar is required');
    await w.t.starlit.services.agents.setAvatar(id, w.owner.userId, { kind: '3d', vrm: '/media/agents/luna.vrm' });
    await w.t.ok(c.setVoices, { id, voices: [] }, { as: w.owner });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body.message).toBe('Voice is required');
  });

  it('needs the audition of the current opening with the current voices', async () => {
    const id = await draft();
    await completeAgent(w, id);
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body).toMatchObject({ code: 6002, message: 'The opening must be auditioned before publish' });

    const spoken = w.speech.calls;
    const heard = await w.t.call(c.audition, { id }, { as: w.owner });
    expect(w.speech.calls).toBe(spoken + 1);
    expect(heard.body.data.audition?.engine).toBe('Test tone engine');
    expect(heard.body.data.missing).toEqual([]);
    const audio = await w.t.starlit.app.inject({ method: 'GET', url: heard.body.data.audition?.audio ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const published = await w.t.call(c.publish, { id }, { as: w.owner });
    expect(published.body.data.status).toBe('published');
  });

  it('asks for a new audition after the opening or the voices change', async () => {
    const id = await draft();
    await completeAgent(w, id);
    await w.t.ok(c.audition, { id }, { as: w.owner });
    await w.t.ok(c.update, { id, opening: 'A different greeting.' }, { as: w.owner });
    expect((await w.t.call(c.get, { id }, { as: w.owner })).body.data.missing).toEqual(['agent.auditionRequired']);
    await w.t.ok(c.audition, { id }, { as: w.owner });
    await w.t.ok(c.setVoices, { id, voices: [{ voiceId: w.official[0], pitch: 3, volume: 1, speed: 1.25 }] }, { as: w.owner });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body.message).toBe('The opening must be auditioned before publish');
    // going back to exactly what was heard needs no new audition
    await w.t.ok(c.update, { id, opening: 'A different greeting.' }, { as: w.owner });
    await w.t.ok(c.setVoices, { id, voices: [{ voiceId: w.official[0], pitch: 2, volume: 1, speed: 1.25 }] }, { as: w.owner });
    expect((await w.t.call(c.publish, { id }, { as: w.owner })).body.code).toBe(0);
  });

  it('says plainly when the audition cannot be made', async () => {
    const id = await draft();
    expect((await w.t.call(c.audition, { id }, { as: w.owner })).body.code).toBe(6006);
    await completeAgent(w, id);
    w.speech.failing = true;
    const failed = await w.t.call(c.audition, { id }, { as: w.owner, lang: 'zh_TW' });
    w.speech.failing = false;
    expect(failed.body).toMatchObject({ code: 6008, message: '語音生成失敗，請重新生成或開始新的對話' });
  });
});

describe('published agents', () => {
  async function publishedAgent(isPublic = true): Promise<string> {
    const id = await draft();
    await completeAgent(w, id);
    await w.t.ok(c.audition, { id }, { as: w.owner });
    await w.t.ok(c.update, { id, isPublic }, { as: w.owner });
    await w.t.ok(c.publish, { id }, { as: w.owner });
    return id;
  }
  const publicIds = async () => (await w.t.call(c.publicList, { limit: 100 })).body.data.items.map((a) => a.id);
  const feedIds = async () => (await w.t.call(calls.home.feed, { tab: 'agent', limit: 100 })).body.data.items.map((a) => a.id);

  it('shows a public published agent to everyone, in the public list and the home feed', async () => {
    const id = await publishedAgent();
    const seen = await w.t.call(c.get, { id });
    expect(seen.body.data).toMatchObject({ status: 'published', isOwner: false, missing: [] });
    expect(await publicIds()).toContain(id);
    expect(await feedIds()).toContain(id);
  });

  it('keeps a private published agent to its owner', async () => {
    const id = await publishedAgent(false);
    expect((await w.t.call(c.get, { id }, { as: w.other })).body.code).toBe(6001);
    expect(await publicIds()).not.toContain(id);
  });

  it('goes back to draft when an edit breaks a requirement, keeping the edit', async () => {
    const id = await publishedAgent();
    const edited = await w.t.call(c.update, { id, opening: 'New words, not yet heard.' }, { as: w.owner });
    expect(edited.body.data).toMatchObject({ status: 'draft', opening: 'New words, not yet heard.', missing: ['agent.auditionRequired'] });
    expect(await publicIds()).not.toContain(id);
  });

  it('stays published after an edit that keeps it valid', async () => {
    const id = await publishedAgent();
    const res = await w.t.call(c.update, { id, roleIntro: 'Still a stargazer.' }, { as: w.owner });
    expect(res.body.data.status).toBe('published');
  });

  it('unpublishes and deletes: gone from the lists', async () => {
    const [a, b] = [await publishedAgent(), await publishedAgent()];
    expect((await w.t.call(c.unpublish, { id: a }, { as: w.owner })).body.data.status).toBe('draft');
    await w.t.ok(c.delete, { ids: [b] }, { as: w.owner });
    const listed = await publicIds();
    expect(listed).not.toContain(a);
    expect(listed).not.toContain(b);
    expect(await feedIds()).not.toContain(b);
  });

  it('pages the public list by cursor without repeats', async () => {
    await publishedAgent();
    await publishedAgent();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await w.t.call(c.publicList, { limit: 1, cursor });
      seen.push(...res.body.data.items.map((a) => a.id));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(await publicIds());
  });
});
