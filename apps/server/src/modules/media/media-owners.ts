import type { StorageOwner } from '../../platform/storage-sweep.ts';
import type { Storage } from '../../platform/storage.ts';
import { CARD_ASSETS_FOLDER, type CardsRepository } from '../cards/cards.repository.ts';
import { AGENTS_FOLDER, type AgentsRepository } from '../agents/agents.repository.ts';
import { AVATARS_FOLDER, type AvatarsRepository } from '../avatars/avatars.repository.ts';
import { LIVE_FOLDER, type LiveRepository } from '../live/live.repository.ts';
import { CHAT_VOICES_FOLDER, type ChatRepository } from '../chat/chat.repository.ts';
import { CREATIONS_FOLDER, type CreationRepository } from '../creation/creation.repository.ts';
import { TASKS_FOLDER, type DailyTasksRepository } from '../daily-tasks/daily-tasks.repository.ts';
import { REPORTS_FOLDER, type ReportsRepository } from '../reports/reports.repository.ts';
import { VOICE_CLIPS_FOLDER, VOICE_SPEECH_FOLDER, type VoicesRepository } from '../voices/voices.repository.ts';
import { WORKS_FOLDER, type WorksRepository } from '../works/works.repository.ts';

/**
 * The storage folders people's files are written to, each with the feature that says which
 * files its rows still use: what the orphan sweep may delete. Seeded and built-in files
 * (`seed/`, the default models) are in none of them.
 */
export function mediaOwners(deps: {
  storage: Storage;
  agents: AgentsRepository;
  cards: CardsRepository;
  avatars: AvatarsRepository;
  voices: VoicesRepository;
  chat: ChatRepository;
  works: WorksRepository;
  reports: ReportsRepository;
  creations: CreationRepository;
  tasks: DailyTasksRepository;
  live: LiveRepository;
}): StorageOwner[] {
  const { storage } = deps;
  /** The keys whose URLs `find` answers as referenced. */
  const byUrl = async (keys: string[], find: (urls: string[]) => Promise<Set<string>>) => {
    const found = await find(keys.map(storage.url));
    return new Set(keys.filter((key) => found.has(storage.url(key))));
  };
  return [
    {
      prefix: AVATARS_FOLDER,
      // shown or kept as a reference by a live agent, still needed by an unfinished generation, or the model a dance was made for
      referenced: async (keys) => new Set([...(await byUrl(keys, deps.agents.referencedAvatars)), ...(await deps.avatars.pendingReferences(keys)), ...(await deps.creations.referencedKeys(keys))]),
    },
    { prefix: AGENTS_FOLDER, referenced: (keys) => byUrl(keys, deps.agents.referencedAuditions) },
    { prefix: CARD_ASSETS_FOLDER, referenced: (keys) => deps.cards.referencedAssets(keys) },
    { prefix: VOICE_CLIPS_FOLDER, referenced: (keys) => deps.voices.referencedClips(keys) },
    // spoken samples, and previews cached for a day (a preview is made again when asked)
    { prefix: VOICE_SPEECH_FOLDER, referenced: (keys) => byUrl(keys, deps.voices.referencedSamples) },
    // spoken chat messages: a regenerated take replaces the old one, a deleted conversation's go
    { prefix: CHAT_VOICES_FOLDER, referenced: (keys) => byUrl(keys, deps.chat.referencedVoices) },
    // uploads for works: kept while a work shows them; one never made into a work goes after the sweep's grace period
    { prefix: WORKS_FOLDER, referenced: (keys) => byUrl(keys, deps.works.referencedUrls) },
    // report evidence: kept while its report is, which goes with its work
    // studio uploads and results: kept while a creation names them, or a work published from one shows them (a work
    // outlives a deleted creation); an upload never used, or the files of an attempt that lost, go
    {
      prefix: CREATIONS_FOLDER,
      referenced: async (keys) => new Set([...(await deps.creations.referencedKeys(keys)), ...(await byUrl(keys, deps.works.referencedUrls))]),
    },
    // daily tasks' step outputs and results: kept while a task names them (its steps outlive a failure, for a retry), or a
    // work published from one shows them
    {
      prefix: TASKS_FOLDER,
      referenced: async (keys) => new Set([...(await deps.tasks.referencedKeys(keys)), ...(await byUrl(keys, deps.works.referencedUrls))]),
    },
    { prefix: REPORTS_FOLDER, referenced: (keys) => byUrl(keys, deps.reports.referencedImages) },
    // live shows' covers, the agent's spoken lines and the dances made for their songs: kept while their show is
    { prefix: LIVE_FOLDER, referenced: (keys) => byUrl(keys, deps.live.referencedUrls) },
  ];
}
