import { displayWidth } from '@starlit/contract/rules';
import { describe, expect, it } from 'vitest';
import { taskTitle } from './title.ts';

describe('task titles', () => {
  it('takes the first candidate that fits a work name whole', () => {
    expect(taskTitle("Luna 露娜's Day at the seaside", 'Mira and the kite')).toBe('Mira and the kite');
    expect(taskTitle('露娜的海邊日記', 'whatever')).toBe('露娜的海邊日記');
  });

  it('cuts the first one at a word end with an ellipsis when none fits', () => {
    const title = taskTitle('Mira and the lost kite over the harbour', 'A very long description indeed');
    expect(title).toBe('Mira and the lost…');
    expect(displayWidth(title)).toBeLessThanOrEqual(20);
    const zh = taskTitle('米拉在海邊學做草莓蛋糕的一天');
    expect(zh).toBe('米拉在海邊學做草莓…');
    expect(displayWidth(zh)).toBeLessThanOrEqual(20);
  });
});
