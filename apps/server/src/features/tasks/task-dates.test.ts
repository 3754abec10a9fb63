import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_DATE_RANGE_MESSAGE } from '@tandem/contract';
import { tasks, workspaceMembers } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { createTaskAs, listTasksAs, patchTask, postTask } from '../../test/task-fixtures.js';
import { signUpOwner, urls, type SignedInMember } from '../../test/workspace-fixtures.js';

/**
 * Issue #8 "Dates": every date a client sends follows the contract's one rule (real day, years
 * 1900–2200). A date outside it is a 400 with errorData naming the field — never a 500 from the
 * database (year 0) nor a silently stored typo (year 0020) — and nothing is written.
 */
const t = useTestApp();
let owner: SignedInMember;

beforeAll(async () => {
  owner = await signUpOwner(t);
});

const taskRows = () => t.db.select().from(tasks).where(eq(tasks.workspaceId, owner.workspaceId));
const outOfRange = ['0000-01-01', '0020-03-04', '1899-12-31', '2201-01-01'];

describe('task due dates (issue #8)', () => {
  it('refuses a due date outside 1900–2200 or impossible on create: 400 errorData.dueDate, nothing written', async () => {
    const before = await taskRows();
    for (const dueDate of [...outOfRange, '2026-02-30']) {
      const response = await postTask(t, owner, { dueDate });
      expect(response.statusCode, dueDate).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { dueDate: expect.any(String) } });
    }
    expect((await postTask(t, owner, { dueDate: '0000-01-01' })).json().errorData.dueDate).toBe(CALENDAR_DATE_RANGE_MESSAGE);
    expect(await taskRows()).toHaveLength(before.length);
  });

  it('refuses them on update too, keeping the task as it was', async () => {
    const task = await createTaskAs(t, owner, { dueDate: '2030-05-01' });
    for (const dueDate of [...outOfRange, '2026-02-30']) {
      const response = await patchTask(t, owner, task.id, { version: task.version, dueDate });
      expect(response.statusCode, dueDate).toBe(400);
      expect(Object.keys(response.json().errorData)).toEqual(['dueDate']);
    }
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ dueDate: '2030-05-01', version: 1 });
  });

  it('accepts the first and the last day of the range', async () => {
    for (const dueDate of ['1900-01-01', '2200-12-31']) {
      expect((await createTaskAs(t, owner, { dueDate })).dueDate).toBe(dueDate);
    }
  });
});

describe('the other dates a client sends (issue #8)', () => {
  it('list filters: dueBefore, dueAfter and today outside the range are a 400 naming the field', async () => {
    for (const field of ['dueBefore', 'dueAfter', 'today']) {
      const response = await listTasksAs(t, owner, { [field]: '0000-01-01' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errorData).toEqual({ [field]: CALENDAR_DATE_RANGE_MESSAGE });
    }
  });

  it("the dashboard's today", async () => {
    const response = await t.get(`/api/v1/workspaces/${owner.workspaceId}/dashboard?today=0000-01-01`, { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toEqual({ today: CALENDAR_DATE_RANGE_MESSAGE });
  });

  it("the activity read mark's until, writing no mark", async () => {
    const response = await t.post(`${urls.activity(owner.workspaceId)}/read`, { until: '0000-01-01T00:00:00Z' }, { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toEqual({ until: CALENDAR_DATE_RANGE_MESSAGE });
    const [member] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.id, owner.memberId));
    expect(member?.activityReadAt).toBeNull();
  });
});
