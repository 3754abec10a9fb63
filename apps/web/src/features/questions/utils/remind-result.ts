import type { RemindResult } from '@tandem/contract';

/** A toast's words for a "Remind" answer: who was reminded, who was skipped and why. Pure. */
export function describeRemindResult(result: RemindResult): { message: string; type: 'success' | 'info' } {
  const reminded = result.reminded.length;
  const skipped = result.skipped.length;
  if (reminded === 0 && skipped === 0) return { message: 'No one is waiting for a reminder.', type: 'info' };
  const parts = [];
  if (reminded > 0) parts.push(`${reminded} ${reminded === 1 ? 'person' : 'people'} reminded.`);
  if (skipped > 0) {
    const reasons = [...new Set(result.skipped.map((skip) => skip.reason))].join('; ');
    parts.push(`${skipped} skipped (${reasons}).`);
  }
  return { message: parts.join(' '), type: reminded > 0 ? 'success' : 'info' };
}
