import { SCENE_WORDS } from './prompt.ts';
import { checkedPng } from '../image/checked-png.ts';
import type { ImageModel } from '../image/image-model.ts';
import { ratioSize } from '../image/ratio.ts';
import type { ComicScript, ScriptWriter } from '../comic/script.ts';
import { letterPanel } from '../comic/lettering.ts';
import { PANEL_RATIO, panelPrompt } from '../comic/page.ts';
import type { TaskRun } from './task-run.ts';

/** Panels are drawn at this long side: sharp on a page of two columns and on a 720p frame. */
const PANEL_LONG_SIDE = 1024;

export interface ComicDeps {
  writer: ScriptWriter;
  imageModel: ImageModel;
}

/** A comic's kept steps: its script, its drawn panels and the same panels lettered (storage keys). */
export interface ComicSteps {
  script: ComicScript;
  panels: string[];
  lettered: string[];
}

/**
 * The steps a comic and a comic's video share: the script (the language model, or the template
 * writer offline), each panel drawn in the task's style with the agent's picture as the
 * reference where the engine takes one (so the character keeps its look), then lettered.
 */
export async function comicSteps(deps: ComicDeps, run: TaskRun): Promise<ComicSteps> {
  const { form, star } = run;
  // the writer gets the place as a word it names in the comic's language; the image engine the English words it draws
  const place = form.scene ?? 'city';
  const scene = SCENE_WORDS[place];
  const script = await run.step('script', async () => ({
    output: await deps.writer.write(
      { description: form.description, introduction: form.introduction, agent: { name: star.name, persona: star.persona, greeting: star.greeting }, lang: run.lang, scene: place, seed: run.seed },
      run.signal,
    ),
    engine: deps.writer.engine,
  }));
  const size = ratioSize(PANEL_RATIO, PANEL_LONG_SIDE);
  const panels = await run.step('panels', async () => {
    const keys: string[] = [];
    let engine = deps.imageModel.engine;
    for (const [i, panel] of script.panels.entries()) {
      const drawn = await deps.imageModel.generate(
        {
          prompt: panelPrompt(panel, { agentName: star.name, agentWords: star.words, scene }),
          style: form.style ?? 'cartoon',
          ...size,
          ratio: PANEL_RATIO,
          // one seed for every panel: the same character and palette, the scene changing with the words
          seed: run.seed,
          ...(star.picture ? { referenceImage: star.picture } : {}),
        },
        run.signal,
      );
      engine = drawn.engine;
      keys.push(await run.put(await checkedPng(drawn.image, size), 'image/png', `panel-${i + 1}.png`));
    }
    return { output: keys, engine };
  });
  const lettered = await run.step('lettering', async () => {
    const keys: string[] = [];
    for (const [i, key] of panels.entries()) {
      const done = await letterPanel(await run.read(key), script.panels[i]!, { lang: run.lang, agentName: star.name });
      keys.push(await run.put(done.image, 'image/png', `lettered-${i + 1}.png`));
    }
    return { output: keys, engine: null };
  });
  return { script, panels, lettered };
}

/** A comic's script as people read it under the result: each panel's caption and lines. */
export function scriptText(script: ComicScript): string {
  return script.panels.map((panel, i) => [`${i + 1}.`, panel.narration, ...panel.lines.map((line) => `${line.speaker}: ${line.text}`)].filter(Boolean).join('\n')).join('\n\n');
}
