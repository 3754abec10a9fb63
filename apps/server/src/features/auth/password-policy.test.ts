import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tandem/contract';
import { findPasswordWeakness } from './password-policy.js';

const TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
const TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
const codePoints = (value: string) => [...value].length;

describe('findPasswordWeakness', () => {
  it('accepts a long passphrase', () => {
    expect(findPasswordWeakness('correct horse battery staple velvet')).toBeNull();
    expect(findPasswordWeakness('marble lantern orchard quietly drifting')).toBeNull();
  });

  it('refuses any string of fewer than 15 code points with the length reason (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: PASSWORD_MIN_LENGTH - 1 }), (password) => {
        expect(codePoints(password)).toBeLessThan(PASSWORD_MIN_LENGTH);
        expect(findPasswordWeakness(password)).toBe(TOO_SHORT);
      }),
    );
  });

  it('refuses any string of more than 128 code points with the length reason (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: PASSWORD_MAX_LENGTH + 1, maxLength: 300 }), (password) => {
        expect(findPasswordWeakness(password)).toBe(TOO_LONG);
      }),
      { numRuns: 50 },
    );
  });

  it('never gives the length reason between 15 and 128 code points (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }), (password) => {
        const reason = findPasswordWeakness(password);
        expect(reason).not.toBe(TOO_SHORT);
        expect(reason).not.toBe(TOO_LONG);
      }),
      { numRuns: 50 },
    );
  });

  it('counts an emoji as one code point, not two UTF-16 units', () => {
    const fourteenEmoji = '🐙🦉🌵🚲🎻🧭🪁🍄🛶🧩🦔🌋🎈🪐';
    expect(fourteenEmoji.length).toBe(28);
    expect(codePoints(fourteenEmoji)).toBe(14);
    expect(findPasswordWeakness(fourteenEmoji)).toBe(TOO_SHORT);
    expect(findPasswordWeakness(`${fourteenEmoji}🦊`)).not.toBe(TOO_SHORT);

    // 128 emoji are 256 UTF-16 units but within the maximum; 129 are over it.
    const emoji = [...fourteenEmoji];
    const many = (count: number) => Array.from({ length: count }, (_, i) => emoji[(i * 5) % emoji.length]).join('');
    expect(findPasswordWeakness(many(128))).not.toBe(TOO_LONG);
    expect(findPasswordWeakness(many(129))).toBe(TOO_LONG);
  });

  it('refuses a 129-code-point string and accepts a strong 128-code-point one', () => {
    const words = 'quiet lantern marble orchard velvet drifting canyon harbor '.repeat(3);
    const exactly128 = words.slice(0, 128);
    expect(codePoints(exactly128)).toBe(128);
    expect(findPasswordWeakness(exactly128)).toBeNull();
    expect(findPasswordWeakness(`${exactly128}x`)).toBe(TOO_LONG);
  });

  it('refuses common, breached and guessable passwords with a stated reason', () => {
    expect(findPasswordWeakness('aaaaaaaaaaaaaaaaaaaa')).toMatch(/too easy to guess/);
    expect(findPasswordWeakness('passwordpassword1')).toMatch(/too easy to guess|common or breached/);
    expect(findPasswordWeakness('123456789012345678')).toMatch(/too easy to guess|common or breached/);
    expect(findPasswordWeakness('qwertyuiopasdfghjkl')).toMatch(/too easy to guess/);
  });

  it('counts the person’s own details against the password', () => {
    const password = 'QuentinTarantino';
    expect(findPasswordWeakness(password)).toBeNull();
    expect(findPasswordWeakness(password, ['Quentin', 'Tarantino', 'quentin@example.test'])).toMatch(/too easy to guess/);
  });

  it('answers quickly even for digit strings (no multi-second event-loop block)', () => {
    for (const password of ['123456789012345678', '9876543210987654321098765']) {
      const started = performance.now();
      findPasswordWeakness(password);
      expect(performance.now() - started, password).toBeLessThan(1500);
    }
  });

  it('never truncates: a long password differing only at the end is judged whole', () => {
    const base = 'a'.repeat(100);
    expect(findPasswordWeakness(`${base}`)).toMatch(/too easy to guess/);
    expect(codePoints(`${base}${'é'.repeat(29)}`)).toBe(129);
    expect(findPasswordWeakness(`${base}${'é'.repeat(29)}`)).toBe(TOO_LONG);
  });
});
