import type { ActivityItem } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './describe-activity';

const jordanId = '0190a000-0000-7000-8000-000000000002';
const members = new Map([[jordanId, { firstName: 'Jordan', lastName: 'Reyes' }]]);
const item = (patch: Partial<ActivityItem>): ActivityItem => ({
  id: '0190a000-0000-7000-8000-000000000009',
  kind: 'MEMBER_JOINED',
  actor: { memberId: '0190a000-0000-7000-8000-000000000001', firstName: 'Avery', lastName: 'Tester' },
  subject: {},
  createdAt: '2026-03-10T12:00:00.000Z',
  isUnread: true,
  ...patch,
});

describe('describeActivity', () => {
  it('names the member who joined', () => {
    expect(describeActivity(item({ actor: { memberId: jordanId, firstName: 'Jordan', lastName: 'Reyes' } }), members)).toBe(
      'Jordan Reyes joined the workspace',
    );
    expect(describeActivity(item({ actor: null, subject: { memberId: jordanId } }), members)).toBe('Jordan Reyes joined the workspace');
  });
  it('words a member type change with the right article', () => {
    const changed = item({ kind: 'MEMBER_ROLE_CHANGED', subject: { memberId: jordanId, workspaceMemberType: 'EXECUTIVEASSISTANT' } });
    expect(describeActivity(changed, members)).toBe('Avery made Jordan an Executive Assistant');
    const toUser = item({ kind: 'MEMBER_ROLE_CHANGED', subject: { memberId: jordanId, workspaceMemberType: 'USER' } });
    expect(describeActivity(toUser, members)).toBe('Avery made Jordan a User');
  });
  it('falls back when the subject is unknown', () => {
    expect(describeActivity(item({ kind: 'MEMBER_ROLE_CHANGED', subject: {} }), members)).toBe('Avery changed the member type of a member');
  });
});
