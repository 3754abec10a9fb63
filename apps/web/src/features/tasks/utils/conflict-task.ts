import { TaskSchema, type Task } from '@tandem/contract';

/**
 * The task a 409 VERSION_CONFLICT carries as `current` (contract TaskConflictSchema), or undefined
 * when the body has none or it is not a task. Loaded with the first conflict only, so the task list
 * renders without zod (decision 031).
 */
export function parseConflictTask(current: unknown): Task | undefined {
  const parsed = TaskSchema.safeParse(current);
  return parsed.success ? parsed.data : undefined;
}
