import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type * as LanguageEn from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tandem/contract';

const require = createRequire(import.meta.url);

interface StrengthChecker {
  zxcvbn: ZxcvbnCore.ZxcvbnFactory;
  commonPasswords: Set<string>;
}

let checker: StrengthChecker | undefined;

/**
 * zxcvbn with its English and common dictionaries, loaded and ranked on the first password
 * checked, not when the server starts: that took 0.7 s of a cold start's CPU and kept ~40 MB of
 * dictionaries on every process's heap (issue #13, bench/README "Cold start"). A sign-up, reset
 * or password change is the only caller, so a process that never sees one never pays.
 *
 * No Levenshtein matching: it made a single check block the event loop for seconds (an 18-digit
 * password took ~6 s), a denial of service on the public sign-up route; the dictionary, l33t,
 * spatial, sequence and repeat matchers still refuse the near-miss passwords of our tests.
 */
function strengthChecker(): StrengthChecker {
  if (checker) return checker;
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
  const en = require('@zxcvbn-ts/language-en') as typeof LanguageEn;
  const zxcvbn = new Factory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    useLevenshteinDistance: false,
  });
  const passwords = (common.dictionary as Record<string, string[]>)['passwords'] ?? [];
  checker = { zxcvbn, commonPasswords: new Set(passwords.map((p) => p.toLowerCase())) };
  return checker;
}

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
  const { zxcvbn, commonPasswords } = strengthChecker();
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
