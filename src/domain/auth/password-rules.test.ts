import { describe, expect, it } from 'vitest';
import { passwordSchema } from './password-rules.js';

const problem = (password: string) => passwordSchema.safeParse(password).error?.issues[0]?.message;

describe('password rules (NIST 800-63B)', () => {
  it('refuses common passwords whatever their case', () => {
    for (const password of ['password', 'PASSWORD', 'iloveyou', 'qwertyuiop', '12345678', 'baseball']) {
      expect(problem(password)).toBe('This password is too common. Choose one that is harder to guess');
    }
  });

  it('refuses blank and one-character passwords', () => {
    expect(problem('        ')).toBe('Password cannot be only spaces');
    expect(problem('\t\t\t\t\t\t\t\t')).toBe('Password cannot be only spaces');
    expect(problem('zzzzzzzzzzzz')).toBe('Password cannot be one character repeated');
  });

  it('asks for 8 characters and allows long passphrases without composition rules', () => {
    expect(problem('short')).toBe('Password must be at least 8 characters');
    expect(problem('correct-horse-battery')).toBeUndefined();
    expect(problem('all lower case words make a fine passphrase')).toBeUndefined();
    expect(problem('ü'.repeat(3) + ' 🙂 '.repeat(20))).toBeUndefined();
    expect(problem(`${'x'.repeat(199)}y`)).toBeUndefined();
    expect(problem('x'.repeat(201))).toBe('Password is too long');
  });
});
