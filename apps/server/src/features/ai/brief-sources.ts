import { answerText, type Brief, type DraftSource } from '@tandem/contract';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { briefs, contacts, questionAnswers, questionRecipients, questionRequests, tasks } from '../../db/schema/index.js';
import { briefsOfWorkspace, tasksOfWorkspace, type Viewer } from '../../permissions/visibility.js';
import type { SourceForAi } from './ai-provider.js';

/** How far back a draft reads (issue #11): the newest answers and earlier briefs. */
export const DRAFT_ANSWERS_MAX = 300;
export const DRAFT_BRIEFS_MAX = 50;
export const DRAFT_TASKS_MAX = 100;

/** A source as the provider reads it ({@link SourceForAi}) and as the draft names it (contract DraftSource). */
export interface BriefSource extends SourceForAi {
  source: DraftSource;
}

const fullName = (firstName: string, lastName: string) => [firstName, lastName].filter(Boolean).join(' ');

/**
 * What a brief section may be drafted from (issue #11), all of the viewer's workspace and none
 * confidential (PRODUCT §9: a confidential request or brief never reaches a provider):
 * - answers to non-confidential requests, newest {@link DRAFT_ANSWERS_MAX}: "Name on “title”";
 * - sections with text of earlier non-confidential briefs the viewer may see (not `brief`), from the
 *   newest {@link DRAFT_BRIEFS_MAX} briefs: "Brief title — Heading";
 * - tasks the viewer may see that are assigned to or created by an attendee: "Task: title".
 * Ids: "answer:{id}", "brief:{briefId}:{sectionId}", "task:{id}".
 */
export async function findBriefSources(db: Queryable, viewer: Viewer, brief: Pick<Brief, 'id' | 'attendees'>): Promise<BriefSource[]> {
  const attendeeIds = brief.attendees.filter((attendee) => attendee.type === 'MEMBER').map((attendee) => attendee.id);
  const [answerRows, briefRows, taskRows] = await Promise.all([
    db
      .select({
        id: questionAnswers.id,
        itemId: questionAnswers.itemId,
        value: questionAnswers.value,
        requestId: questionRequests.id,
        requestTitle: questionRequests.title,
        items: questionRequests.items,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
      })
      .from(questionAnswers)
      .innerJoin(questionRequests, eq(questionRequests.id, questionAnswers.requestId))
      .innerJoin(questionRecipients, eq(questionRecipients.id, questionAnswers.recipientId))
      .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
      .where(and(eq(questionAnswers.workspaceId, viewer.workspaceId), eq(questionRequests.confidential, false)))
      .orderBy(desc(questionAnswers.submittedAt), desc(questionAnswers.id))
      .limit(DRAFT_ANSWERS_MAX),
    db
      .select({ id: briefs.id, title: briefs.title, sections: briefs.sections })
      .from(briefs)
      .where(and(briefsOfWorkspace(viewer), ne(briefs.id, brief.id), eq(briefs.confidential, false)))
      .orderBy(desc(briefs.updatedAt), desc(briefs.id))
      .limit(DRAFT_BRIEFS_MAX),
    attendeeIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: tasks.id, title: tasks.title, notes: tasks.notes })
          .from(tasks)
          .where(
            and(tasksOfWorkspace(viewer), or(inArray(tasks.assigneeMemberId, attendeeIds), inArray(tasks.createdByMemberId, attendeeIds))),
          )
          .orderBy(desc(tasks.updatedAt), desc(tasks.id))
          .limit(DRAFT_TASKS_MAX),
  ]);
  const none = { answerId: null, requestId: null, briefId: null, taskId: null };
  const sources: BriefSource[] = [];
  for (const row of answerRows) {
    const item = row.items.find((candidate) => candidate.id === row.itemId);
    if (!item) continue;
    const text = answerText(item, row.value);
    if (!text.trim()) continue;
    const id = `answer:${row.id}`;
    const label = `${fullName(row.firstName, row.lastName)} on “${row.requestTitle}”`;
    sources.push({
      id,
      type: 'ANSWER',
      label,
      text,
      source: { ...none, id, type: 'ANSWER', label, excerpt: text, answerId: row.id, requestId: row.requestId },
    });
  }
  for (const row of briefRows) {
    for (const section of row.sections) {
      if (!section.body.trim()) continue;
      const id = `brief:${row.id}:${section.id}`;
      const label = `${row.title} — ${section.heading}`;
      sources.push({
        id,
        type: 'BRIEF',
        label,
        text: section.body,
        source: { ...none, id, type: 'BRIEF', label, excerpt: section.body, briefId: row.id },
      });
    }
  }
  for (const row of taskRows) {
    const id = `task:${row.id}`;
    const label = `Task: ${row.title}`;
    const text = row.notes.trim() ? `${row.title}\n${row.notes}` : row.title;
    sources.push({ id, type: 'TASK', label, text, source: { ...none, id, type: 'TASK', label, excerpt: text, taskId: row.id } });
  }
  return sources;
}
