import { CREATION_RATIOS, type CreationRatio } from '@starlit/contract';

/** The ratio closest to a picture's shape, compared as how many times wider than tall on a log scale (so 2:1 and 1:2 are equally far from 1:1). */
export function nearestRatio(width: number, height: number): CreationRatio {
  const shape = Math.log(width / height);
  const off = (ratio: CreationRatio) => {
    const [w, h] = ratio.split(':').map(Number);
    return Math.abs(Math.log(w! / h!) - shape);
  };
  return CREATION_RATIOS.reduce((best, ratio) => (off(ratio) < off(best) ? ratio : best));
}
