import type { Member } from '@tandem/contract';
import { useMemo } from 'react';
import { compareText, usePrewarmedTextCollator } from '@/lib/compare-text';
import { useMembers } from '@/features/workspaces';

/**
 * The members a task may be assigned to: ACTIVE ones (contract tasks.ts), by first name. An
 * assignee who is no longer active stays listed while a task still names them.
 */
export function useAssignableMembers(workspaceId: string, keepMemberId?: string | null): { members: Member[]; isPending: boolean } {
  const query = useMembers(workspaceId);
  usePrewarmedTextCollator();
  const members = useMemo(
    () =>
      (query.data ?? [])
        .filter((member) => member.status === 'ACTIVE' || member.id === keepMemberId)
        .sort((a, b) => compareText(`${a.firstName} ${a.lastName}`, `${b.firstName} ${b.lastName}`)),
    [query.data, keepMemberId],
  );
  return { members, isPending: query.isPending };
}
