import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { WorkspaceMemberType } from '@tandem/contract';
import { workspaceMembers } from '../db/schema/index.js';
import { CLIENT_ID, createPerson, signIn, uniqueEmail, type TestApp } from './test-app.js';

/** A signed-in person and their membership of one workspace. */
export interface SignedInMember {
  email: string;
  personId: string;
  token: string;
  workspaceId: string;
  memberId: string;
}

export const urls = {
  workspaces: '/api/v1/workspaces',
  workspace: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}`,
  subscription: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/subscription`,
  members: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/members`,
  member: (workspaceId: string, memberId: string) => `/api/v1/workspaces/${workspaceId}/members/${memberId}`,
  resend: (workspaceId: string, memberId: string) => `/api/v1/workspaces/${workspaceId}/members/${memberId}/resend-invitation`,
  leave: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/leave`,
  audit: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/audit-events`,
  activity: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/activity`,
};

export const patch = (t: TestApp, url: string, payload: unknown, token: string) =>
  t.request({ method: 'PATCH', url, payload: payload as never, token });
export const del = (t: TestApp, url: string, token: string) => t.request({ method: 'DELETE', url, token });

/** Signs up, activates and signs in a person; they are the OWNER of their own FREE workspace. */
export async function signUpOwner(t: TestApp, names: { firstName?: string; lastName?: string } = {}): Promise<SignedInMember> {
  const person = await createPerson(t, names);
  const tokens = await signIn(t, person.email);
  const [member] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, person.personId));
  return { ...person, token: tokens.access_token, workspaceId: member!.workspaceId, memberId: member!.id };
}

/** Signs in by a mailed code (seed §4 passwordless flow); returns the response of verify. */
export async function signInByCode(t: TestApp, email: string): Promise<LightMyRequestResponse> {
  const sent = await t.post('/api/auth/passwordless', { loginIdentifier: email, clientId: CLIENT_ID });
  if (sent.statusCode !== 200) throw new Error(`passwordless failed: ${sent.body}`);
  return t.post('/api/auth/passwordless/verify', {
    verificationToken: await t.latestCode(email),
    loginIdentifier: email,
    originalTimestamp: sent.json().payload.timestamp,
    clientId: CLIENT_ID,
  });
}

/** POST v1/workspaces/{id}/members as `token`. */
export function invite(
  t: TestApp,
  token: string,
  workspaceId: string,
  input: { email?: string; workspaceMemberType: WorkspaceMemberType; firstName?: string; lastName?: string },
): Promise<LightMyRequestResponse> {
  return t.post(
    urls.members(workspaceId),
    { firstName: 'Ivy', lastName: 'Invitee', email: input.email ?? uniqueEmail('invitee'), ...input },
    { token },
  );
}

/** Invites a new address into `admin`'s workspace as `type` and signs them in by code (ACTIVE). */
export async function joinAs(t: TestApp, admin: SignedInMember, type: WorkspaceMemberType): Promise<SignedInMember> {
  const email = uniqueEmail(type.toLowerCase());
  const invited = await invite(t, admin.token, admin.workspaceId, { email, workspaceMemberType: type });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const member = invited.json().payload;
  const verified = await signInByCode(t, email);
  if (verified.statusCode !== 200) throw new Error(`sign-in by code failed: ${verified.body}`);
  return {
    email,
    personId: member.personId,
    token: verified.json().payload.access_token,
    workspaceId: admin.workspaceId,
    memberId: member.id,
  };
}

/** The member rows of a workspace, straight from the database. */
export function memberRows(t: TestApp, workspaceId: string, personId?: string) {
  return t.db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), personId ? eq(workspaceMembers.personId, personId) : undefined));
}
