import { and, eq } from 'drizzle-orm';
import type { BriefStatus, PublicBrief } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { briefs, people, workspaceMembers } from '../../db/schema/index.js';

/** What sharing needs to know of a brief: who may see it, whether it may be shared, its meeting. */
export interface ShareableBrief {
  id: string;
  status: BriefStatus;
  confidential: boolean;
  meetingAt: Date | null;
}

/** One brief of `workspaceId` as sharing reads it, or undefined (absent or another workspace's). */
export async function getShareableBrief(db: Queryable, workspaceId: string, briefId: string): Promise<ShareableBrief | undefined> {
  const [row] = await db
    .select({ id: briefs.id, status: briefs.status, confidential: briefs.confidential, meetingAt: briefs.meetingAt })
    .from(briefs)
    .where(and(eq(briefs.workspaceId, workspaceId), eq(briefs.id, briefId)));
  return row;
}

/**
 * A brief as /b/{id} shows it (issue #9; contract PublicBrief): title, meeting, sections' headings
 * and bodies, the author's first name — no ids, emails, marks or status. Undefined when the brief
 * is gone or confidential (PRODUCT §10: confidential briefs are never shared by link).
 */
export async function getPublicBrief(db: Queryable, workspaceId: string, briefId: string): Promise<PublicBrief | undefined> {
  const [row] = await db
    .select({
      title: briefs.title,
      meetingAt: briefs.meetingAt,
      meetingTimeZone: briefs.meetingTimeZone,
      sections: briefs.sections,
      confidential: briefs.confidential,
      authorFirstName: people.firstName,
      updatedAt: briefs.updatedAt,
    })
    .from(briefs)
    .leftJoin(workspaceMembers, eq(workspaceMembers.id, briefs.createdByMemberId))
    .leftJoin(people, eq(people.id, workspaceMembers.personId))
    .where(and(eq(briefs.workspaceId, workspaceId), eq(briefs.id, briefId)));
  if (!row || row.confidential) return undefined;
  return {
    title: row.title,
    meetingAt: row.meetingAt?.toISOString() ?? null,
    meetingTimeZone: row.meetingTimeZone,
    sections: row.sections.map((section) => ({ heading: section.heading, body: section.body })),
    authorFirstName: row.authorFirstName,
    updatedAt: row.updatedAt.toISOString(),
  };
}
