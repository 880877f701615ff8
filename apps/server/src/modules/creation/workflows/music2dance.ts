import { ErrorCode, type SongSource } from '@starlit/contract';
import { checkSong, type DanceModel, type DanceResult } from '../../../ai/dance/index.ts';
import { songType } from '../../../ai/dance/song.ts';
import type { Handle } from '../../../db/client.ts';
import { GLB_MAGIC } from '../../../platform/glb.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Storage } from '../../../platform/storage.ts';
import { DEFAULT_MODELS } from '../../avatars/default-models.ts';
import type { UploadChecks } from '../creation.uploads.ts';
import { checkAgentFor, type AgentAccess } from './agent-access.ts';
import type { WorkflowFor, WorkflowRun } from './workflow.ts';

/** The model that dances when no agent is chosen: the built-in one every server writes at start. */
export const DEFAULT_DANCER = DEFAULT_MODELS[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the dance pipeline reads about the places a song or a dancer can come from. */
export interface DanceSources {
  /** A creation by id, whoever's it is, with its stored files. */
  creation(h: Handle, id: string): Promise<{ ownerId: string; workflow: string; state: string; files: Array<{ role: string; key: string; mime: string }> } | null>;
  /** A store item the person owns, or null when they do not own it. */
  ownedItem(h: Handle, userId: string, itemId: string): Promise<{ category: string; preview: string | null } | null>;
  /** An agent's name and the address of its 3D model. */
  agent(h: Handle, agentId: string): Promise<{ nickname: string; avatarVrm: string | null } | null>;
}

export interface Music2DanceDeps {
  danceModel: DanceModel;
  agents: AgentAccess;
  uploads: Pick<UploadChecks, 'read'>;
  storage: Pick<Storage, 'keyOf'>;
  sources: DanceSources;
  /** Where `run` reads (the charging transaction is over by then). */
  db: Handle;
}

type Stage = 'analysing' | 'choreographing';

/**
 * Passes the engine's reports on to the creation, in order and never backwards: the offline
 * engine's decoding and beat tracking (or a service's queue) are "analysing", its choreography
 * (or a service's running job) "choreographing". Engines report synchronously; the writes are
 * chained so none overtakes another.
 */
function forwardProgress(run: WorkflowRun) {
  let last = { percent: -1, stage: 'analysing' as Stage };
  let chain = Promise.resolve();
  return {
    report(fraction: number, engineStage: string) {
      const stage: Stage = engineStage === 'choreographing' || engineStage === 'running' || engineStage === 'done' || last.stage === 'choreographing' ? 'choreographing' : 'analysing';
      const percent = Math.max(last.percent, Math.round(Math.min(1, Math.max(0, fraction)) * 100));
      if (percent === last.percent && stage === last.stage) return;
      last = { percent, stage };
      chain = chain.then(() => run.progress(percent, stage));
    },
    idle: () => chain,
  };
}

/**
 * The storage key of the song a source names, refusing what the person may not dance to (5117):
 * their own upload of a song, their finished text2Music piece, or a store Music item they own. Daily
 * tasks dance to the same songs.
 */
export async function songKeyOf(deps: Pick<Music2DanceDeps, 'sources' | 'storage' | 'uploads'>, h: Handle, userId: string, song: SongSource): Promise<string> {
  const notOwned = () => new AppError(ErrorCode.CREATION_SONG_NOT_OWNED);
  if (song.source === 'upload') {
    // only the uploader may use an upload (5116), and it must be one uploaded as a song, not a picture (5113)
    if (!songType(await deps.uploads.read(userId, song.key))) throw new AppError(ErrorCode.CREATION_SONG_TYPE);
    return song.key;
  }
  if (song.source === 'creation') {
    const made = await deps.sources.creation(h, song.creationId);
    const audio = made?.ownerId === userId && made.workflow === 'text2Music' && made.state === 'done' ? made.files.find((f) => f.role === 'audio') : undefined;
    if (!audio) throw notOwned();
    return audio.key;
  }
  // store items have uuids: anything else names no item (and would upset the query)
  const item = UUID.test(song.itemId) ? await deps.sources.ownedItem(h, userId, song.itemId) : null;
  // a Music item's audio is its preview: the catalogue keeps no other recording of it
  const key = item?.category === 'Music' && item.preview ? deps.storage.keyOf(item.preview) : null;
  if (!key) throw notOwned();
  return key;
}

/**
 * music2Dance: a song (the person's upload, one of their finished text2Music pieces, or a store
 * Music item they own) danced by a character (one of their agents with a 3D model, or the
 * built-in model) through the configured `DanceModel` (the offline choreographer or an HTTP
 * motion service). The result is the `.vrma`, then the song and the model as they are stored:
 * nothing is copied, so the player gets exactly what was danced to.
 */
export function music2DanceWorkflow(deps: Music2DanceDeps): WorkflowFor<'music2Dance'> {
  const songKey = (h: Handle, userId: string, song: SongSource) => songKeyOf(deps, h, userId, song);

  /** Who dances and the storage key of their model: the agent's own VRM (5118 without one), or the built-in model. */
  async function dancer(h: Handle, agentId: string | undefined) {
    if (!agentId) return { name: DEFAULT_DANCER.name, key: DEFAULT_DANCER.key };
    const agent = await deps.sources.agent(h, agentId);
    const key = agent?.avatarVrm ? deps.storage.keyOf(agent.avatarVrm) : null;
    if (!agent || !key) throw new AppError(ErrorCode.CREATION_NO_3D_MODEL);
    return { name: agent.nickname, key };
  }

  return {
    engine: () => deps.danceModel.engine,
    firstStage: 'analysing',
    async check(tx, userId, params) {
      await songKey(tx, userId, params.song);
      if (params.agentId) await checkAgentFor(deps.agents, tx, userId, params.agentId, 'music2Dance');
      await dancer(tx, params.agentId);
      return { workflow: 'music2Dance', description: params.description, song: params.song, ...(params.agentId ? { agentId: params.agentId } : {}) };
    },
    async run(params, run) {
      const [song, character] = [await songKey(deps.db, run.ownerId, params.song), await dancer(deps.db, params.agentId)];
      const [audio, vrm] = [await run.read(song), await run.read(character.key)];
      const { contentType, seconds } = await checkSong(audio, { signal: run.signal });
      const reports = forwardProgress(run);
      reports.report(0, 'analysing');
      let danced: DanceResult;
      try {
        danced = await run.engine(() =>
          deps.danceModel.dance({ audio, contentType, character: { name: character.name, vrm }, seed: String(run.seed) }, { signal: run.signal, onProgress: reports.report }),
        );
      } catch (error) {
        // the engine's failure is the one to tell; a progress write failing beside it is not
        await reports.idle().catch(() => undefined);
        throw error;
      }
      reports.report(1, 'done');
      await reports.idle();
      if (danced.vrma.length < 12 || danced.vrma.readUInt32LE(0) !== GLB_MAGIC) throw new Error('the dance engine answered something that is not a glTF binary');
      return {
        engine: danced.engine,
        files: [
          { role: 'dance', mime: 'model/gltf-binary', bytes: danced.vrma, ext: '.vrma' },
          { role: 'song', key: song, mime: contentType, ext: song.slice(song.lastIndexOf('.')) },
          // an agent's model is copied: the agent may change or lose it, the dance keeps its dancer; the built-in one stays shared
          DEFAULT_MODELS.some((model) => model.key === character.key)
            ? { role: 'character', key: character.key, mime: 'model/gltf-binary', ext: '.vrm' }
            : { role: 'character', bytes: vrm, mime: 'model/gltf-binary', ext: '.vrm' },
        ],
        facts: {
          seconds: Math.round(seconds * 100) / 100,
          // a motion service does not say the tempo it heard
          ...(danced.bpm !== null ? { bpm: Math.round(danced.bpm * 10) / 10 } : {}),
          ...(danced.beats > 0 ? { beats: danced.beats } : {}),
        },
      };
    },
  };
}
