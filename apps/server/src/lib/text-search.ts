/**
 * `q` → a prefix tsquery for a 'simple'-configuration search vector (tasks, briefs): every word
 * must start a word of the indexed text ("bud rev" finds "Budget review"); at most 10 words; only
 * letters and digits count, so the result never carries tsquery operators from the input (it is
 * still bound as a parameter). Null when `q` holds no word at all.
 */
export function toPrefixQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 10);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}
