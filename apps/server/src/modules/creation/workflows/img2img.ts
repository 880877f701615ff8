import sharp from 'sharp';
import type { ImageModel } from '../../../ai/image/image-model.ts';
import { ratioSize } from '../../../ai/image/ratio.ts';
import { judgeImage, type UploadChecks } from '../creation.uploads.ts';
import { checkedPng } from '../../../ai/image/checked-png.ts';
import { STUDIO_LONG_SIDE } from './text2img.ts';
import type { OutputFile, WorkflowFor } from './workflow.ts';

/** Strength is kept in hundredths: the studio's slider moves by 1 %, and the PNG's "Denoising strength" reads as people set it. */
const strengthOf = (strength: number) => Math.round(strength * 100) / 100;

/**
 * A reference with transparency laid on white, as a page shows it. Engines read only its colours
 * and the colour under a transparent pixel is whatever the editor left there (often black), so
 * without this a cut-out figure would be redrawn on a dark background.
 */
async function onWhite(image: Buffer): Promise<Buffer> {
  const { hasAlpha } = await sharp(image).metadata();
  return hasAlpha ? sharp(image).rotate().flatten({ background: '#ffffff' }).png().toBuffer() : image;
}

/**
 * img2Img: one of the person's uploaded pictures redrawn after a description and a style, at a
 * ratio, moving as far from it as the strength says (0 closest, 1 furthest). The engine is the
 * `ImageModel`'s image to image: AUTOMATIC1111 `img2img`, OpenAI-compatible edits, or the
 * offline style filters.
 */
export function img2ImgWorkflow(deps: { imageModel: ImageModel; uploads: Pick<UploadChecks, 'read'> }): WorkflowFor<'img2Img'> {
  return {
    engine: () => deps.imageModel.engine,
    firstStage: 'drawing',
    async check(_tx, userId, params) {
      // only the uploader may use an upload (5116), and it must still be a picture we take (5111, 5112)
      await judgeImage(await deps.uploads.read(userId, params.referenceKey));
      return { ...params, strength: strengthOf(params.strength) };
    },
    async run(params, run) {
      const size = ratioSize(params.ratio, STUDIO_LONG_SIDE);
      const stored = await run.read(params.referenceKey);
      const { contentType } = await judgeImage(stored);
      const reference = await onWhite(stored);
      await run.progress(10, 'drawing');
      const drawn = await run.engine(() =>
        deps.imageModel.img2Img({ reference, prompt: params.description, style: params.style, strength: params.strength, ratio: params.ratio, seed: run.seed, longSide: STUDIO_LONG_SIDE }, run.signal),
      );
      const files: OutputFile[] = [
        { role: 'image', mime: 'image/png', bytes: await checkedPng(drawn.image, size), ext: '.png' },
        // the upload stays where it is: the result page shows what the picture was made from
        { role: 'reference', mime: contentType, key: params.referenceKey, ext: '' },
      ];
      return { engine: drawn.engine, files, facts: size };
    },
  };
}
