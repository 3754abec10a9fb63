import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { people, subscriptions, workspaceMembers, workspaces } from '../db/schema/index.js';
import type { AuthService } from '../features/auth/auth-service.js';

/** The demo accounts printed at start-up (ISSUE: "known passwords printed at start-up"). */
export const demoAccounts = {
  executive: { firstName: 'Eleanor', lastName: 'Vance', email: 'executive@tandem.local', password: 'demo tandem executive 2026' },
  assistant: { firstName: 'Arthur', lastName: 'Reed', email: 'assistant@tandem.local', password: 'demo tandem assistant 2026' },
} as const;

/**
 * Seeds a demo workspace — an executive (who also holds the OWNER rights, PRODUCT §1) and an
 * assistant, both active — when the database has no person yet. Returns false when it did nothing.
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
    await tx.insert(workspaceMembers).values([
      { workspaceId: workspace!.id, personId: exec!.id, workspaceMemberType: 'EXECUTIVE' },
      { workspaceId: workspace!.id, personId: asst!.id, workspaceMemberType: 'EXECUTIVEASSISTANT', invitedBy: exec!.id },
    ]);
  });
  return true;
}
