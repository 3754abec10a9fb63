import { CreateShareLinkBodySchema } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import {
  describeDefaultExpiry,
  describeShareLinkExpiry,
  describeShareLinkViews,
  getDefaultExpiry,
  getEmptyShareLinkForm,
  getShareLinkState,
  getShareLinkUrl,
  ShareLinkFormSchema,
  toCreateShareLinkBody,
} from './share-links';

const now = Date.parse('2026-03-05T12:00:00Z');
const link = { revokedAt: null, expiresAt: null, isActive: true };

describe('share link helpers (issue #9 share dialog)', () => {
  it('tells revoked, expired, off and active apart, revoked first', () => {
    expect(getShareLinkState(link, now)).toBe('active');
    expect(getShareLinkState({ ...link, isActive: false }, now)).toBe('off');
    expect(getShareLinkState({ ...link, expiresAt: '2026-03-05T11:59:59Z', isActive: false }, now)).toBe('expired');
    expect(getShareLinkState({ ...link, revokedAt: '2026-03-01T00:00:00Z', expiresAt: '2026-03-02T00:00:00Z', isActive: false }, now)).toBe(
      'revoked',
    );
  });

  it('words the expiry and the views', () => {
    expect(describeShareLinkExpiry({ expiresAt: null }, now)).toBe('Never expires');
    expect(describeShareLinkExpiry({ expiresAt: '2026-03-19T18:00:00Z' }, now, 'en-US')).toMatch(/^Expires Mar 19, 2026, /);
    expect(describeShareLinkExpiry({ expiresAt: '2026-03-01T18:00:00Z' }, now, 'en-US')).toMatch(/^Expired Mar 1, 2026, /);
    expect(describeShareLinkViews({ viewCount: 0, lastViewedAt: null }, now)).toBe('Not opened yet');
    expect(describeShareLinkViews({ viewCount: 1, lastViewedAt: '2026-03-05T11:50:00Z' }, now, 'en-US')).toBe(
      'Opened once, 10 minutes ago',
    );
    expect(describeShareLinkViews({ viewCount: 3, lastViewedAt: '2026-03-05T11:50:00Z' }, now, 'en-US')).toBe(
      'Opened 3 times, last 10 minutes ago',
    );
  });

  it('builds the public URL from the origin and the link id', () => {
    expect(getShareLinkUrl('a1B2c3D4e5F6g7H8i9J0kL', 'https://tandem.example')).toBe('https://tandem.example/b/a1B2c3D4e5F6g7H8i9J0kL');
  });

  it('explains the default expiry: 7 days after the meeting, or never without one', () => {
    const expiry = getDefaultExpiry('2026-03-12T14:00:00Z', now);
    expect(expiry).toEqual({ kind: 'after-meeting', at: new Date('2026-03-19T14:00:00Z'), isPast: false });
    expect(describeDefaultExpiry(expiry, 'en-US')).toBe('Expires 7 days after the meeting (Mar 19)');
    expect(describeDefaultExpiry(getDefaultExpiry(null, now))).toBe('Never expires — this brief has no meeting time');
    expect(getDefaultExpiry('2026-02-20T14:00:00Z', now)).toMatchObject({ isPast: true });
  });

  it('starts with the default expiry, or never when the default has passed', () => {
    expect(getEmptyShareLinkForm(getDefaultExpiry('2026-03-12T14:00:00Z', now)).expiry).toBe('default');
    expect(getEmptyShareLinkForm(getDefaultExpiry('2026-02-20T14:00:00Z', now)).expiry).toBe('never');
    expect(getEmptyShareLinkForm(getDefaultExpiry(null, now)).expiry).toBe('default');
  });

  it('checks the form: passcode empty or 6+ characters, a chosen date required and in the future', () => {
    const base = { label: '', expiry: 'default' as const, expiresAt: null, passcode: '' };
    expect(ShareLinkFormSchema.safeParse(base).success).toBe(true);
    expect(ShareLinkFormSchema.safeParse({ ...base, passcode: '12345' }).error?.issues[0]?.message).toBe(
      'A passcode needs at least 6 characters.',
    );
    expect(ShareLinkFormSchema.safeParse({ ...base, expiry: 'date' }).error?.issues[0]?.message).toBe('Choose when the link expires.');
    expect(
      ShareLinkFormSchema.safeParse({ ...base, expiry: 'date', expiresAt: new Date(Date.now() - 60_000) }).error?.issues[0]?.message,
    ).toBe('Choose a time in the future.');
  });

  it('sends only what was chosen: the default expiry is left out, never is null, a date is an instant', () => {
    const base = { label: '', expiry: 'default' as const, expiresAt: null, passcode: '' };
    expect(toCreateShareLinkBody(base)).toEqual({});
    expect(toCreateShareLinkBody({ ...base, label: 'For the board chair', expiry: 'never', passcode: 'orchard42' })).toEqual({
      label: 'For the board chair',
      expiresAt: null,
      passcode: 'orchard42',
    });
    const body = toCreateShareLinkBody({ ...base, expiry: 'date', expiresAt: new Date('2026-04-01T09:30:00Z') });
    expect(body).toEqual({ expiresAt: '2026-04-01T09:30:00.000Z' });
    expect(CreateShareLinkBodySchema.parse(body)).toEqual(body);
  });
});
