import type { Language } from '@starlit/contract';
import type { TaskStar } from '../../ai/tasks/task-run.ts';
import type { SpeechVoice } from '../../ai/speech/speech-model.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { agentsRepository } from '../agents/agents.repository.ts';
import { speakingVoice } from '../voices/speaking-voice.ts';
import type { TaskStars } from './daily-tasks.service.ts';

/**
 * The agents daily tasks star: one the person may use (their own, or a public published one,
 * the works rule), read with its texts, its 2D picture, its 3D model and its voice. It speaks
 * with its own first voice in its owner's tasks; in another person's, or without a voice, with an
 * official voice of its gender (a clone or a bought voice is its owner's), and with eSpeak NG's
 * own voice for the task's language when there is no catalogue.
 */
export function taskStars(deps: { db: Db; storage: Storage; agents: Pick<AgentsService, 'visible' | 'speakingVoice'> }): TaskStars {
  const { db, storage } = deps;

  async function voiceOf(agentId: string, gender: string, lang: Language, ownersOwn: boolean): Promise<SpeechVoice> {
    // an agent's own voice may be its owner's clone or a voice they bought: others' tasks use an official one
    return speakingVoice(db, ownersOwn ? await deps.agents.speakingVoice(agentId) : null, gender, lang);
  }

  const read = async (url: string | null) => {
    const key = url ? storage.keyOf(url) : null;
    return key ? storage.read(key) : null;
  };

  return {
    async check(tx: Tx, userId: string, agentId: string) {
      await deps.agents.visible(userId, agentId, tx);
    },
    async load(agentId: string, lang: Language, userId: string): Promise<TaskStar | null> {
      const agent = await agentsRepository(db).byId(agentId);
      if (!agent) return null;
      return {
        agentId,
        name: agent.nickname,
        persona: [agent.roleSetting, agent.roleIntro].filter((t) => t.trim()).join('\n'),
        greeting: agent.opening,
        words: agent.roleIntro.slice(0, 200),
        picture: await read(agent.avatar),
        voice: await voiceOf(agentId, agent.gender, lang, agent.ownerId === userId),
        modelKey: agent.avatarVrm ? storage.keyOf(agent.avatarVrm) : null,
      };
    },
    async cards(ids: string[]) {
      const rows = await agentsRepository(db).withDeleted(ids);
      return new Map(rows.map((r) => [r.id, { name: r.nickname, avatar: r.avatar }]));
    },
  };
}
