import { checkedPng } from '../image/checked-png.ts';
import type { ImageModel } from '../image/image-model.ts';
import { ratioSize } from '../image/ratio.ts';
import { starPrompt } from './prompt.ts';
import type { TaskPipeline } from './task-run.ts';
import { taskTitle } from './title.ts';

/** A daily picture is a portrait card: 3:4 on a 768 long side, as the studio draws. */
export const TASK_PICTURE = ratioSize('3:4', 768);

/** text_to_image: the studio's text2Img with the agent as its character (its picture as the reference of engines that take one). */
export function textToImagePipeline(deps: { imageModel: ImageModel }): TaskPipeline {
  return {
    async run(run) {
      const { form, star } = run;
      const image = await run.step('draw', async () => {
        const drawn = await deps.imageModel.generate(
          {
            prompt: starPrompt(`${form.description}\n${form.introduction}`, form.scene, star),
            style: form.style ?? 'anime',
            ...TASK_PICTURE,
            ratio: '3:4',
            seed: run.seed,
            ...(star.picture ? { referenceImage: star.picture } : {}),
          },
          run.signal,
        );
        return { output: await run.put(await checkedPng(drawn.image, TASK_PICTURE), 'image/png', 'image.png'), engine: drawn.engine };
      });
      return { title: taskTitle(form.description), text: null, files: [{ role: 'image', key: image, mime: 'image/png' }], facts: { ...TASK_PICTURE } };
    },
  };
}
