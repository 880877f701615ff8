import { describe, expect, it } from 'vitest';
import { isMessageKey, messages } from '../i18n/messages.ts';
import { addTag, AgentGender, AgentNickname, AgentTags, characterCount, Opening, publishProblems, RoleIntro, RoleSetting, voiceSelectionProblem, type PublishFacts } from './agent.ts';
import { IdentityBackground, IdentityGender, IdentityName } from './identity.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('agent name (SPEC §5)', () => {
  it('is required', () => {
    expect(firstMessage(AgentNickname.safeParse(''))).toBe('agent.nameRequired');
    expect(firstMessage(AgentNickname.safeParse('   '))).toBe('agent.nameRequired');
    expect(firstMessage(AgentNickname.safeParse(undefined))).toBe('agent.nameRequired');
  });

  it('allows 20 characters and refuses 21, counting code points', () => {
    expect(AgentNickname.safeParse('a'.repeat(20)).success).toBe(true);
    expect(firstMessage(AgentNickname.safeParse('a'.repeat(21)))).toBe('agent.nameTooLong');
    // 20 emoji are 40 UTF-16 units but 20 characters
    expect(AgentNickname.safeParse('🌟'.repeat(20)).success).toBe(true);
    expect(AgentNickname.safeParse('星'.repeat(21)).success).toBe(false);
    expect(characterCount('🌟星a')).toBe(3);
  });

  it('is trimmed', () => {
    expect(AgentNickname.parse('  Luna  ')).toBe('Luna');
  });
});

describe('agent texts (SPEC §5, §9)', () => {
  it('role setting: 1000 allowed, 1001 refused', () => {
    expect(RoleSetting.safeParse('x'.repeat(1000)).success).toBe(true);
    expect(firstMessage(RoleSetting.safeParse('x'.repeat(1001)))).toBe('agent.roleSettingTooLong');
  });

  it('opening: 500 allowed, 501 refused', () => {
    expect(Opening.safeParse('x'.repeat(500)).success).toBe(true);
    expect(firstMessage(Opening.safeParse('x'.repeat(501)))).toBe('agent.openingTooLong');
  });

  it('role intro: 2000 allowed, 2001 refused', () => {
    expect(RoleIntro.safeParse('x'.repeat(2000)).success).toBe(true);
    expect(firstMessage(RoleIntro.safeParse('x'.repeat(2001)))).toBe('agent.roleIntroTooLong');
  });

  it('gender is Unknown, Male or Female', () => {
    expect(AgentGender.options).toEqual(['Unknown', 'Male', 'Female']);
    expect(firstMessage(AgentGender.safeParse('Man'))).toBe('agent.genderInvalid');
  });
});

describe('tags (SPEC §5)', () => {
  it('allows 5 and refuses 6', () => {
    expect(AgentTags.safeParse(['a', 'b', 'c', 'd', 'e']).success).toBe(true);
    expect(firstMessage(AgentTags.safeParse(['a', 'b', 'c', 'd', 'e', 'f']))).toBe('agent.tagsMax');
  });

  it('refuses duplicates regardless of case and spaces', () => {
    expect(firstMessage(AgentTags.safeParse(['Cute', ' cute ']))).toBe('agent.tagExists');
  });

  it('addTag: a typed duplicate exists, a picked duplicate is selected, a sixth is refused', () => {
    expect(addTag(['Cute'], 'cute ', 'typed')).toEqual({ ok: false, error: 'agent.tagExists' });
    expect(addTag(['Cute'], 'CUTE', 'picked')).toEqual({ ok: false, error: 'agent.tagSelected' });
    expect(addTag(['a', 'b', 'c', 'd'], 'e', 'typed')).toEqual({ ok: true, tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f', 'typed')).toEqual({ ok: false, error: 'agent.tagsMax' });
    expect(addTag([], '  ', 'typed')).toEqual({ ok: false, error: 'agent.tagEmpty' });
    expect(addTag([], ' Stars ', 'picked')).toEqual({ ok: true, tags: ['Stars'] });
  });
});

describe('publish checklist (SPEC §5)', () => {
  const ready: PublishFacts = {
    nickname: 'Luna',
    tags: ['Stars'],
    opening: 'Hello',
    roleIntro: 'A stargazer',
    roleSetting: 'You are Luna',
    hasAvatar: true,
    voiceCount: 1,
    skillCount: 1,
    auditioned: true,
  };

  it('is empty for a complete agent', () => {
    expect(publishProblems(ready)).toEqual([]);
  });

  it.each([
    [{ nickname: ' ' }, 'agent.roleNameRequired'],
    [{ roleSetting: '' }, 'agent.roleSettingRequired'],
    [{ roleIntro: '' }, 'agent.roleIntroRequired'],
    [{ skillCount: 0 }, 'agent.skillRequired'],
    [{ hasAvatar: false }, 'agent.avatarRequired'],
    [{ auditioned: false }, 'agent.auditionRequired'],
  ] as const)('names what is missing: %o', (change, key) => {
    expect(publishProblems({ ...ready, ...change })).toEqual([key]);
  });

  it.each([
    [{ nickname: 'n'.repeat(21) }, 'agent.nameTooLong'],
    [{ roleSetting: 's'.repeat(1001) }, 'agent.roleSettingTooLong'],
    [{ opening: 'o'.repeat(501) }, 'agent.openingTooLong'],
    [{ roleIntro: 'i'.repeat(2001) }, 'agent.roleIntroTooLong'],
    [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'agent.tagsMax'],
    [{ tags: ['Stars', 'stars'] }, 'agent.tagExists'],
  ] as const)('refuses a field that breaks its rule, as an imported card may: %o', (change, key) => {
    expect(publishProblems({ ...ready, ...change })).toEqual([key]);
  });

  it('asks for the opening and the voice before their audition', () => {
    expect(publishProblems({ ...ready, opening: '', auditioned: false })).toEqual(['agent.openingRequired']);
    expect(publishProblems({ ...ready, voiceCount: 0, auditioned: false })).toEqual(['agent.voiceRequired']);
  });

  it('the skill message is the spec text', () => {
    expect(messages.en_US['agent.skillRequired']).toBe('When using an agent, at least one ability must be selected');
  });
});

describe('voice rules (SPEC §5, §9)', () => {
  const official = (id: string) => ({ voiceId: id, cloned: false });
  const cloned = (id: string) => ({ voiceId: id, cloned: true });

  it('allows 4 voices and refuses 5', () => {
    expect(voiceSelectionProblem(['a', 'b', 'c', 'd'].map(official))).toBeNull();
    expect(voiceSelectionProblem(['a', 'b', 'c', 'd', 'e'].map(official))).toBe('voice.max');
  });

  it('allows one own cloned voice, alone', () => {
    expect(voiceSelectionProblem([cloned('c1')])).toBeNull();
    expect(voiceSelectionProblem([cloned('c1'), cloned('c2')])).toBe('voice.clonedMax');
    expect(voiceSelectionProblem([cloned('c1'), official('a')])).toBe('voice.clonedMixed');
  });

  it('refuses the same voice twice', () => {
    expect(voiceSelectionProblem([official('a'), official('a')])).toBe('voice.duplicate');
  });
});

describe('chat identity (SPEC §5)', () => {
  it('requires name and gender', () => {
    expect(firstMessage(IdentityName.safeParse(''))).toBe('identity.nameRequired');
    expect(firstMessage(IdentityGender.safeParse(undefined))).toBe('identity.genderRequired');
    expect(IdentityName.safeParse('x'.repeat(20)).success).toBe(true);
    expect(firstMessage(IdentityName.safeParse('x'.repeat(21)))).toBe('identity.nameTooLong');
    expect(firstMessage(IdentityBackground.safeParse('x'.repeat(1001)))).toBe('identity.backgroundTooLong');
  });
});

describe('message catalogue', () => {
  it('has every key in both languages, the spec texts in en_US', () => {
    expect(Object.keys(messages.zh_TW).sort()).toEqual(Object.keys(messages.en_US).sort());
    for (const text of Object.values(messages.zh_TW)) expect(text).toBeTruthy();
    expect(messages.en_US['agent.tagExists']).toBe('Tag already exists');
    expect(messages.en_US['agent.tagSelected']).toBe('Tag already selected');
    expect(messages.en_US['agent.tagsMax']).toBe('Maximum 5 tags allowed');
    expect(messages.en_US['agent.nameRequired']).toBe('Name is required');
    expect(isMessageKey('agent.tagExists')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});
