import { describe, expect, it } from 'vitest';
import { cardProblems } from './cards.problems.ts';
import { cardFileName, decodeUpload } from './cards.service.ts';

const fine = { nickname: 'Wren', roleSetting: 'r', opening: 'o', roleIntro: 'i', tags: ['sea'] };

describe('problems of an imported card', () => {
  it('has none for a card within every rule, counting characters as people do', () => {
    expect(cardProblems(fine)).toEqual([]);
    expect(cardProblems({ ...fine, nickname: '😀'.repeat(20), opening: '字'.repeat(500) })).toEqual([]);
  });

  it('names each broken rule once, with the message key the editor shows', () => {
    expect(cardProblems({ nickname: ' ', roleSetting: 'x'.repeat(1001), opening: 'x'.repeat(501), roleIntro: 'x'.repeat(2001), tags: ['a', 'A', 'b', 'c', 'd', 'e'] })).toEqual([
      { field: 'nickname', messageKey: 'agent.nameRequired' },
      { field: 'roleSetting', messageKey: 'agent.roleSettingTooLong' },
      { field: 'opening', messageKey: 'agent.openingTooLong' },
      { field: 'roleIntro', messageKey: 'agent.roleIntroTooLong' },
      { field: 'tags', messageKey: 'agent.tagsMax' },
      { field: 'tags', messageKey: 'agent.tagExists' },
    ]);
  });
});

describe('uploads and file names', () => {
  it('reads strict base64, with or without a data URL prefix and line breaks', () => {
    expect(decodeUpload('aGVsbG8=').toString()).toBe('hello');
    expect(decodeUpload('data:image/png;base64,aGVs\nbG8=').toString()).toBe('hello');
  });

  it('refuses text that is not base64 instead of reading part of it', () => {
    for (const bad of ['aGVsbG8', 'aGV*bG8=', '====']) expect(() => decodeUpload(bad), bad).toThrow();
  });

  it('makes a safe file name from the agent name', () => {
    expect(cardFileName('Luna 露娜', 'png')).toBe('Luna 露娜.png');
    expect(cardFileName('a/b:c*?', 'json')).toBe('abc.json');
    expect(cardFileName(' // ', 'charx')).toBe('agent.charx');
  });
});
