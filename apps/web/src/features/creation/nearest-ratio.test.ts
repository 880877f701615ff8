import { describe, expect, it } from 'vitest';
import { nearestRatio } from './nearest-ratio';

describe('nearestRatio', () => {
  it('gives each ratio for its own shape and the closest one for others', () => {
    expect([nearestRatio(800, 800), nearestRatio(600, 800), nearestRatio(800, 600), nearestRatio(450, 800), nearestRatio(1920, 1080)]).toEqual(['1:1', '3:4', '4:3', '9:16', '16:9']);
    // a 3:2 photo is nearer 4:3 than 16:9, a panorama is 16:9, a tall phone screenshot 9:16
    expect([nearestRatio(480, 320), nearestRatio(3000, 1000), nearestRatio(1170, 2532)]).toEqual(['4:3', '16:9', '9:16']);
    // just wider than square stays square until it is nearer 4:3 on a log scale
    expect([nearestRatio(1070, 1000), nearestRatio(1160, 1000)]).toEqual(['1:1', '4:3']);
  });
});
