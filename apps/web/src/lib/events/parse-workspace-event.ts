/**
 * The contract's event parser in a module of its own, so that the live stream loads it (and the
 * zod schemas it builds) with its first message (workspace-event-stream.ts, issue #13).
 */
export { parseWorkspaceEvent } from '@tandem/contract';
