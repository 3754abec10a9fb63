import { taskStatuses, type TaskStatus } from '@tandem/contract';

/** True for a task status (URL input is untrusted). */
export function isTaskStatus(value: string): value is TaskStatus {
  return (taskStatuses as readonly string[]).includes(value);
}

/** "Jordan Reyes", or null for nobody. */
export function formatPersonName(person: { firstName: string; lastName: string } | null | undefined): string | null {
  return person ? `${person.firstName} ${person.lastName}`.trim() : null;
}
