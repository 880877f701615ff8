import { describe, expect, it } from 'vitest';
import { pictureProblem } from './report-pictures';

describe('report pictures', () => {
  it('takes jpg and png up to 5 MB, three at most', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 }, 0)).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 }, 2)).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }, 0)).toBe('size');
    expect(pictureProblem({ type: 'image/gif', size: 10 }, 0)).toBe('kind');
    expect(pictureProblem({ type: '', size: 10 }, 0)).toBe('kind');
    expect(pictureProblem({ type: 'image/png', size: 10 }, 3)).toBe('count');
  });
});
