import { checkedPng } from '../../../ai/image/checked-png.ts';
import type { ImageModel } from '../../../ai/image/image-model.ts';
import { ratioSize } from '../../../ai/image/ratio.ts';
import { checkAgentFor, type AgentAccess } from './agent-access.ts';
import type { WorkflowFor } from './workflow.ts';

/** Long side of a studio picture: large enough to print a postcard, quick for every engine. */
export const STUDIO_LONG_SIDE = 768;

/** The look of a person's agent that guides a picture: its name and words, and its 2D picture when it has one. */
export interface AgentLook {
  name: string;
  words: string;
  picture: Buffer | null;
}

/** The prompt an engine is given: the description, then who the character is when an agent guides it. */
export function promptWith(description: string, look: AgentLook | null): string {
  return look ? `${description}\nCharacter: ${look.name}${look.words ? `, ${look.words}` : ''}` : description;
}

/**
 * text2Img: a description, a style and a ratio, optionally with one of the person's agents as
 * the character (its name and words join the prompt; engines that take a picture get its 2D
 * avatar as the starting point).
 */
export function text2ImgWorkflow(deps: { imageModel: ImageModel; agents: AgentAccess; agentLook(agentId: string): Promise<AgentLook | null> }): WorkflowFor<'text2Img'> {
  return {
    engine: () => deps.imageModel.engine,
    firstStage: 'drawing',
    async check(tx, userId, params) {
      if (params.agentId) await checkAgentFor(deps.agents, tx, userId, params.agentId, 'text2Img');
      return params;
    },
    async run(params, run) {
      const size = ratioSize(params.ratio, STUDIO_LONG_SIDE);
      const look = params.agentId ? await deps.agentLook(params.agentId) : null;
      await run.progress(10, 'drawing');
      const drawn = await run.engine(() =>
        deps.imageModel.generate(
          { prompt: promptWith(params.description, look), style: params.style, ...size, ratio: params.ratio, seed: run.seed, ...(look?.picture ? { referenceImage: look.picture } : {}) },
          run.signal,
        ),
      );
      return { engine: drawn.engine, files: [{ role: 'image', mime: 'image/png', bytes: await checkedPng(drawn.image, size), ext: '.png' }], facts: size };
    },
  };
}
