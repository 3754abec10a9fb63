import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { people, subscriptions, tasks, workspaceMembers, workspaces } from '../db/schema/index.js';
import type { AuthService } from '../features/auth/auth-service.js';

/** The demo accounts printed at start-up (ISSUE: "known passwords printed at start-up"). */
export const demoAccounts = {
  executive: { firstName: 'Eleanor', lastName: 'Vance', email: 'executive@tandem.local', password: 'demo tandem executive 2026' },
  assistant: { firstName: 'Arthur', lastName: 'Reed', email: 'assistant@tandem.local', password: 'demo tandem assistant 2026' },
} as const;

/** `days` from today as a calendar date, computed by the database (the dashboard's "today"). */
const fromToday = (days: number) => sql`current_date + ${days}::int`;

/**
 * Seeds a demo workspace — an executive (who also holds the OWNER rights, PRODUCT §1) and an
 * assistant, both active, with a few tasks so the dashboard and /tasks have something to show —
 * when the database has no person yet. Returns false when it did nothing.
 */
export async function seedDemoWorkspace(db: Database, auth: AuthService): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(people);
  if ((existing?.value ?? 0) > 0) return false;
  const { executive, assistant } = demoAccounts;
  const [executiveHash, assistantHash] = await Promise.all([auth.hashPassword(executive.password), auth.hashPassword(assistant.password)]);
  await db.transaction(async (tx) => {
    const [exec, asst] = await tx
      .insert(people)
      .values([
        {
          firstName: executive.firstName,
          lastName: executive.lastName,
          email: executive.email,
          passwordHash: executiveHash,
          status: 'ACTIVE',
        },
        {
          firstName: assistant.firstName,
          lastName: assistant.lastName,
          email: assistant.email,
          passwordHash: assistantHash,
          status: 'ACTIVE',
        },
      ])
      .returning();
    const [workspace] = await tx.insert(workspaces).values({ name: "Eleanor's office" }).returning();
    await tx.insert(subscriptions).values({ workspaceId: workspace!.id, subscriptionType: 'PRO', status: 'ACTIVE' });
    const [execMember, asstMember] = await tx
      .insert(workspaceMembers)
      .values([
        { workspaceId: workspace!.id, personId: exec!.id, workspaceMemberType: 'EXECUTIVE' },
        { workspaceId: workspace!.id, personId: asst!.id, workspaceMemberType: 'EXECUTIVEASSISTANT', invitedBy: exec!.id },
      ])
      .returning();
    const mine = { workspaceId: workspace!.id, createdByMemberId: asstMember!.id, assigneeMemberId: execMember!.id };
    const delegated = { workspaceId: workspace!.id, createdByMemberId: execMember!.id, assigneeMemberId: asstMember!.id };
    await tx.insert(tasks).values([
      { ...mine, title: 'Approve the Q3 budget', priority: 'URGENT', dueDate: fromToday(0) },
      { ...mine, title: 'Review the keynote draft', dueDate: fromToday(0), notes: 'Slides 12–18 changed since Friday.' },
      { ...mine, title: 'Sign the partnership NDA', priority: 'HIGH', dueDate: fromToday(-2) },
      { ...delegated, title: 'Book flights to the Lisbon offsite', dueDate: fromToday(3) },
      { ...delegated, title: 'Collect the board pack', status: 'IN_PROGRESS', dueDate: fromToday(1) },
      { ...delegated, title: 'Send the investor update', status: 'DONE', completedAt: new Date() },
      { ...delegated, assigneeMemberId: null, title: 'Find a venue for the team dinner' },
    ]);
  });
  return true;
}
