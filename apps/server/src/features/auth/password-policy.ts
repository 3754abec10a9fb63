import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tandem/contract';

/**
 * No Levenshtein matching: it made a single check block the event loop for seconds (an 18-digit
 * password took ~6 s), a denial of service on the public sign-up route; the dictionary, l33t,
 * spatial, sequence and repeat matchers still refuse the near-miss passwords of our tests.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  useLevenshteinDistance: false,
});

const commonPasswords = new Set((common.dictionary as Record<string, string[]>)['passwords']?.map((p) => p.toLowerCase()) ?? []);

/** zxcvbn's score below which a password is refused (PRODUCT §5). */
export const MIN_STRENGTH_SCORE = 3;

/**
 * Checks a new password against PRODUCT §5: 15–128 code points, not on the bundled list of
 * common/breached passwords, zxcvbn score ≥ 3 (personal details count against it).
 * @returns null when acceptable, else the reason to show the user.
 */
export function findPasswordWeakness(password: string, personalInputs: string[] = []): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords.has(password.toLowerCase())) {
    return 'This password is on a list of common or breached passwords. Choose another.';
  }
  const result = zxcvbn.check(password, personalInputs.filter(Boolean));
  if (result.score < MIN_STRENGTH_SCORE) {
    const hint = result.feedback.warning ?? result.feedback.suggestions[0];
    const because = hint ? `: ${hint.charAt(0).toLowerCase()}${hint.slice(1).replace(/\.$/, '')}` : '';
    return `This password is too easy to guess${because}. Add a few unrelated words.`;
  }
  return null;
}
