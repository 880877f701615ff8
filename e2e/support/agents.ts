import type { Page } from '@playwright/test';
import { calls } from '@starlit/contract';
import { callAs } from './api';
import { gradientPng } from './media';

/** A published public agent of the signed-in user, with a 2D picture, made through the same calls the editor makes. */
export async function publishedAgent(page: Page, nickname: string): Promise<string> {
  const { id } = await callAs(page, calls.agents.create, {
    nickname,
    roleSetting: 'A lighthouse keeper who reads the weather.',
    opening: 'Storm coming, friend?',
    roleIntro: 'Keeps the light on.',
  });
  await callAs(page, calls.agents.setSkills, { id, skills: ['TextToImage'] });
  const voices = await callAs(page, calls.voices.list, { tab: 'recommend', limit: 1 });
  await callAs(page, calls.agents.setVoices, { id, voices: [{ voiceId: voices.items[0].id }] });
  await callAs(page, calls.avatars.upload2d, { agentId: id, image: gradientPng(32).toString('base64') });
  await callAs(page, calls.agents.audition, { id });
  await callAs(page, calls.agents.update, { id, isPublic: true });
  await callAs(page, calls.agents.publish, { id });
  return id;
}
