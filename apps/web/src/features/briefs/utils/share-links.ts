import {
  defaultShareLinkExpiry,
  SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING,
  SHARE_LINK_LABEL_MAX,
  SHARE_PASSCODE_MAX,
  SHARE_PASSCODE_MIN,
  type CreateShareLinkBody,
  type ShareLink,
} from '@tandem/contract';
import { intlFormat } from 'date-fns';
import { z } from 'zod';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';

/** Where a share link stands (issue #9): works, revoked, past its expiry, or off with the workspace's links. */
export type ShareLinkState = 'active' | 'revoked' | 'expired' | 'off';

export const shareLinkStateLabels: Record<ShareLinkState, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
  off: 'Links off',
};

/**
 * The state of `link` at `now` (ms): revoked wins, then expired; a link neither revoked nor expired
 * that the server calls inactive is off because the workspace turned its public links off
 * (contract ShareLink.isActive). Pure.
 */
export function getShareLinkState(link: Pick<ShareLink, 'revokedAt' | 'expiresAt' | 'isActive'>, now: number = Date.now()): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'expired';
  return link.isActive ? 'active' : 'off';
}

/** "Expires Mar 19, 2026, 2:00 PM", "Expired Mar 19, 2026, 2:00 PM" or "Never expires" (reader's clock). Pure but for the locale. */
export function describeShareLinkExpiry(link: Pick<ShareLink, 'expiresAt'>, now: number = Date.now(), locale?: string): string {
  if (!link.expiresAt) return 'Never expires';
  const when = formatDateTime(link.expiresAt, locale);
  return new Date(link.expiresAt).getTime() <= now ? `Expired ${when}` : `Expires ${when}`;
}

/** "Not opened yet", "Opened once, 10 minutes ago", "Opened 3 times, last 10 minutes ago" (issue #9). Pure. */
export function describeShareLinkViews(
  link: Pick<ShareLink, 'viewCount' | 'lastViewedAt'>,
  now: number = Date.now(),
  locale?: string,
): string {
  if (link.viewCount === 0 || !link.lastViewedAt) return 'Not opened yet';
  const last = formatRelativeTime(link.lastViewedAt, now, locale);
  return link.viewCount === 1 ? `Opened once, ${last}` : `Opened ${link.viewCount.toLocaleString(locale)} times, last ${last}`;
}

/** The link to hand out: this app's origin + /b/{id}. */
export function getShareLinkUrl(linkId: string, origin: string = window.location.origin): string {
  return `${origin}/b/${encodeURIComponent(linkId)}`;
}

/** What a new link's default expiry means for this brief (contract CreateShareLinkBody: meeting + 7 days, or never). */
export type DefaultExpiry = { kind: 'never' } | { kind: 'after-meeting'; at: Date; isPast: boolean };

/**
 * The default expiry of a new link of a brief whose meeting is at `meetingAt` (ISO or null), at
 * `now` (ms): the contract's defaultShareLinkExpiry, the very instant the server stores. Pure.
 */
export function getDefaultExpiry(meetingAt: string | null, now: number = Date.now()): DefaultExpiry {
  const expiresAt = defaultShareLinkExpiry(meetingAt);
  if (!expiresAt) return { kind: 'never' };
  const at = new Date(expiresAt);
  return { kind: 'after-meeting', at, isPast: at.getTime() <= now };
}

/** "Expires 7 days after the meeting (Mar 19)" or "Never expires — this brief has no meeting time". Pure but for the locale. */
export function describeDefaultExpiry(expiry: DefaultExpiry, locale?: string): string {
  if (expiry.kind === 'never') return 'Never expires — this brief has no meeting time';
  const day = locale
    ? intlFormat(expiry.at, { month: 'short', day: 'numeric' }, { locale })
    : intlFormat(expiry.at, { month: 'short', day: 'numeric' });
  return `Expires ${SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING} days after the meeting (${day})`;
}

/** How a new link expires, as the form asks it. */
export const expiryChoices = ['default', 'date', 'never'] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

/**
 * The new-link form (issue #9: label, expiry — the default, a date and time, or never — and an
 * optional passcode), checked with the contract's limits. A chosen date must be in the future.
 */
export const ShareLinkFormSchema = z
  .object({
    label: z.string().trim().max(SHARE_LINK_LABEL_MAX, `A label can be at most ${SHARE_LINK_LABEL_MAX} characters.`),
    expiry: z.enum(expiryChoices),
    expiresAt: z.date().nullable(),
    passcode: z
      .string()
      .max(SHARE_PASSCODE_MAX, `A passcode can be at most ${SHARE_PASSCODE_MAX} characters.`)
      .refine((passcode) => passcode === '' || passcode.length >= SHARE_PASSCODE_MIN, {
        error: `A passcode needs at least ${SHARE_PASSCODE_MIN} characters.`,
      }),
  })
  .superRefine((values, context) => {
    if (values.expiry !== 'date') return;
    if (!values.expiresAt || Number.isNaN(values.expiresAt.getTime())) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Choose when the link expires.' });
    } else if (values.expiresAt.getTime() <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Choose a time in the future.' });
    }
  });
export type ShareLinkFormValues = z.input<typeof ShareLinkFormSchema>;

/** The empty new-link form: the default expiry unless it has already passed (then never). Pure. */
export function getEmptyShareLinkForm(defaultExpiry: DefaultExpiry): ShareLinkFormValues {
  const isDefaultUsable = defaultExpiry.kind === 'never' || !defaultExpiry.isPast;
  return { label: '', expiry: isDefaultUsable ? 'default' : 'never', expiresAt: null, passcode: '' };
}

/** The POST body of the new-link form's values: the default expiry is left to the server, "never" is null. Pure. */
export function toCreateShareLinkBody(values: z.output<typeof ShareLinkFormSchema>): CreateShareLinkBody {
  const body: CreateShareLinkBody = {};
  if (values.label) body.label = values.label;
  if (values.expiry === 'never') body.expiresAt = null;
  if (values.expiry === 'date' && values.expiresAt) body.expiresAt = values.expiresAt.toISOString();
  if (values.passcode) body.passcode = values.passcode;
  return body;
}
