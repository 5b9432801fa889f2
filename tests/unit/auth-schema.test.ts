import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authMessages, registerFormSchema, registerSchema } from '#shared/auth.schema.ts';
import { USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { describeZodError } from '#shared/validation.ts';

const valid = { username: 'alice', displayName: '', password: 'secret1', confirmPassword: 'secret1', acceptTerms: true, language: 'en' };

function firstMessage(values: Record<string, unknown>): string | undefined {
  const result = registerFormSchema.safeParse(values);
  return result.success ? undefined : describeZodError(result.error).message;
}

describe('the registration form shows the first failing rule, in the order of spec 000 §5', () => {
  it.each([
    [{ ...valid, username: '', password: '', acceptTerms: false }, authMessages.usernameRequired],
    [{ ...valid, username: 'a'.repeat(21), password: '' }, authMessages.usernameTooLong],
    [{ ...valid, username: 'bad name!', displayName: 'x'.repeat(40) }, authMessages.usernameCharacters],
    [{ ...valid, displayName: 'x'.repeat(31), password: '' }, authMessages.displayNameTooLong],
    [{ ...valid, password: '', confirmPassword: 'x' }, authMessages.passwordRequired],
    [{ ...valid, password: '12345', confirmPassword: 'nope', acceptTerms: false }, authMessages.passwordTooShort],
    [{ ...valid, confirmPassword: 'secret2', acceptTerms: false }, authMessages.passwordsDontMatch],
    [{ ...valid, acceptTerms: false }, authMessages.termsRequired],
  ])('%o → %s', (values, message) => {
    expect(firstMessage(values)).toBe(message);
  });

  it('accepts a complete, valid form', () => {
    expect(firstMessage(valid)).toBeUndefined();
  });
});

describe('usernames', () => {
  it('are trimmed, and an uppercase letter gets rule 3 rather than being folded silently', () => {
    expect(registerSchema.parse({ username: '  alice ', password: 'secret1' }).username).toBe('alice');
    const upper = registerSchema.safeParse({ username: 'AlIcE', password: 'secret1' });
    expect(upper.error?.issues[0]?.message).toBe(authMessages.usernameCharacters);
  });

  it('accept exactly lowercase letters, digits, _ and - up to the limit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (candidate) => {
        const result = registerSchema.safeParse({ username: candidate, password: 'secret1' });
        const trimmed = candidate.trim();
        const expected = trimmed.length > 0 && trimmed.length <= USERNAME_MAX_LENGTH && /^[a-z0-9_-]+$/.test(trimmed);
        expect(result.success).toBe(expected);
      }),
    );
  });
});
