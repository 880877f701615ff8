import { IdentityBackground, IdentityGender, IdentityName } from '@starlit/contract/rules';
import { describe, expect, it } from 'vitest';
import { problemOf, problemsOf } from './form-problems';

const schemas = { name: IdentityName, gender: IdentityGender, background: IdentityBackground };

describe('form problems', () => {
  it('answers the contract message key of the first problem, or null', () => {
    expect(problemOf(IdentityName, '')).toBe('identity.nameRequired');
    expect(problemOf(IdentityName, 'Captain')).toBeNull();
    expect(problemOf(undefined, 'anything')).toBeNull();
  });

  it('checks every field with a schema and skips the others', () => {
    expect(problemsOf(schemas, { name: ' ', gender: '', background: 'x'.repeat(1001), isGlobal: true })).toEqual({
      name: 'identity.nameRequired',
      gender: 'identity.genderRequired',
      background: 'identity.backgroundTooLong',
    });
    expect(problemsOf(schemas, { name: 'Captain', gender: 'Female', background: '', isGlobal: false })).toEqual({});
  });
});
