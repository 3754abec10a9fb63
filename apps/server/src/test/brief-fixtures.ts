import type { LightMyRequestResponse } from 'fastify';
import type { Brief, CreateBriefBody } from '@tandem/contract';
import type { TestApp } from './test-app.js';
import type { SignedInMember } from './workspace-fixtures.js';

export const briefUrls = {
  briefs: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/briefs`,
  brief: (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}`,
  ready: (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/ready`,
  acknowledge: (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/acknowledge`,
  mark: (workspaceId: string, briefId: string, sectionId: string) =>
    `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/sections/${sectionId}/mark`,
  versions: (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/versions`,
  version: (workspaceId: string, briefId: string, version: number) =>
    `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/versions/${version}`,
  restore: (workspaceId: string, briefId: string, version: number) =>
    `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/versions/${version}/restore`,
};

/** POST …/briefs as `member`. */
export const postBrief = (t: TestApp, member: SignedInMember, body: Partial<CreateBriefBody> & Record<string, unknown> = {}) =>
  t.post(briefUrls.briefs(member.workspaceId), { title: 'A brief', ...body }, { token: member.token });

/** Creates a brief as `member` and returns it; throws unless 201. */
export async function createBriefAs(t: TestApp, member: SignedInMember, body: Partial<CreateBriefBody> = {}): Promise<Brief> {
  const response = await postBrief(t, member, body);
  if (response.statusCode !== 201) throw new Error(`create brief failed: ${response.body}`);
  return response.json<{ payload: Brief }>().payload;
}

export const patchBrief = (t: TestApp, member: SignedInMember, briefId: string, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: briefUrls.brief(member.workspaceId, briefId), payload: body, token: member.token });

export const deleteBriefAs = (t: TestApp, member: SignedInMember, briefId: string, version: number | string) =>
  t.request({ method: 'DELETE', url: `${briefUrls.brief(member.workspaceId, briefId)}?version=${version}`, token: member.token });

export const readyBrief = (t: TestApp, member: SignedInMember, briefId: string, version: number) =>
  t.post(briefUrls.ready(member.workspaceId, briefId), { version }, { token: member.token });

export const acknowledgeBriefAs = (t: TestApp, member: SignedInMember, briefId: string, version: number) =>
  t.post(briefUrls.acknowledge(member.workspaceId, briefId), { version }, { token: member.token });

export const markSectionAs = (t: TestApp, member: SignedInMember, briefId: string, sectionId: string, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: briefUrls.mark(member.workspaceId, briefId, sectionId), payload: body, token: member.token });

export const getBriefAs = (t: TestApp, member: SignedInMember, briefId: string) =>
  t.get(briefUrls.brief(member.workspaceId, briefId), { token: member.token });

/** GET …/briefs with `query` as `member`; returns the raw response. */
export function listBriefsAs(
  t: TestApp,
  member: SignedInMember,
  query: Record<string, string | number | boolean> = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return t.get(`${briefUrls.briefs(member.workspaceId)}${search.size > 0 ? `?${search}` : ''}`, { token: member.token });
}

/** Throws unless `response` is 200; returns its Brief. */
export function briefOf(response: LightMyRequestResponse): Brief {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json<{ payload: Brief }>().payload;
}
