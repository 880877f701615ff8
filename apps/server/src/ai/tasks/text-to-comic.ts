import { composePage } from '../comic/page.ts';
import { type ComicDeps, comicSteps, scriptText } from './comic-steps.ts';
import type { TaskPipeline } from './task-run.ts';
import { taskTitle } from './title.ts';

/** text_to_comic: a script of four to six panels, drawn, lettered in the task's language and laid out as one page. */
export function textToComicPipeline(deps: ComicDeps): TaskPipeline {
  return {
    async run(run) {
      const comic = await comicSteps(deps, run);
      const title = comic.script.title.trim() || taskTitle(run.form.description);
      const page = await run.step('page', async () => {
        const panels = await Promise.all(comic.lettered.map((key) => run.read(key)));
        return { output: await run.put(await composePage(panels, { title, lang: run.lang }), 'image/png', 'page.png'), engine: null };
      });
      return {
        title: taskTitle(comic.script.title, run.form.description),
        text: scriptText(comic.script),
        files: [{ role: 'page', key: page, mime: 'image/png' }, ...comic.lettered.map((key) => ({ role: 'panel' as const, key, mime: 'image/png' }))],
        facts: { panels: comic.lettered.length },
      };
    },
  };
}
