import type { TaskScene } from '@starlit/contract';
import type { TaskStar } from './task-run.ts';

/** A task's scene as words every image engine reads (the offline one draws these elements). */
export const SCENE_WORDS: Record<TaskScene, string> = {
  city: 'in a city street',
  seaside: 'by the sea on a beach',
  forest: 'in a forest',
  school: 'at school',
  space: 'in space among stars and planets',
  cafe: 'in a cozy cafe',
  snow: 'in the snow',
  night: 'at night under the moon and stars',
};

/** The prompt of a picture starring the agent: what to draw, where, and who the character is. */
export function starPrompt(what: string, scene: TaskScene | undefined, star: Pick<TaskStar, 'name' | 'words'>): string {
  const where = scene ? `, ${SCENE_WORDS[scene]}` : '';
  return `${what.trim()}${where}\nCharacter: ${star.name}${star.words ? `, ${star.words}` : ''}`;
}
