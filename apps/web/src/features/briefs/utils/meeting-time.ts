import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';

/** The viewer's IANA time zone ('Europe/Paris'), as the browser reports it. */
export function getBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every IANA zone the browser knows, for the zone picker; the browser's own first when it is missing from the list. */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = getBrowserTimeZone();
  return zones.includes(own) ? zones : [own, ...zones];
}

/** What a meeting's formatters show: its date and time, or its time only. */
const meetingFields = {
  'date and time': { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * The meeting formatters built so far, by fields, zone and whether they name the zone: at most
 * two per zone and field set, so bounded by the zones the browser knows. Building one costs about
 * 0.1 ms; the page's first one loads ICU's locale and zone data ({@link warmMeetingTimes}).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The en-US formatter of `fields` in `zone`, with the zone's short name when `showsZone`; built once. */
function formatterFor(fields: keyof typeof meetingFields, zone: string, showsZone: boolean): Intl.DateTimeFormat {
  const key = `${fields}|${zone}|${showsZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      ...meetingFields[fields],
      timeZone: zone,
      ...(showsZone ? { timeZoneName: 'short' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats a meeting time once, so the browser loads its date and zone data now, if no formatter
 * has yet (its cost: lib/date-format-data.ts), and this formatter is built: run it while the page
 * waits for its data (hooks/use-prewarmed-meeting-times.ts), not in the render that shows the
 * first meeting.
 */
export function warmMeetingTimes(): void {
  formatMeetingTime(new Date().toISOString(), 'UTC', getBrowserTimeZone());
}

/**
 * A meeting's date and time as people read it, in the zone it is held in (issue #9), e.g.
 * "Tue, Mar 3, 2026, 9:00 AM"; with the zone's short name ("9:00 AM GMT+1") when its clock differs
 * from `viewerZone`'s, so an assistant in New York sees a Paris meeting in Paris time, marked as such. Pure.
 */
export function formatMeetingTime(meetingAt: string, meetingTimeZone: string | null, viewerZone: string): string {
  const zone = meetingTimeZone ?? viewerZone;
  const showsZone = meetingTimeZone !== null && !isSameZone(meetingTimeZone, viewerZone, meetingAt);
  return formatterFor('date and time', zone, showsZone).format(new Date(meetingAt));
}

/** The meeting's time only ("9:00 AM", with the zone when it differs from the viewer's), for rows of today's list. Pure. */
export function formatMeetingClock(meetingAt: string, meetingTimeZone: string | null, viewerZone: string): string {
  const zone = meetingTimeZone ?? viewerZone;
  const showsZone = meetingTimeZone !== null && !isSameZone(meetingTimeZone, viewerZone, meetingAt);
  return formatterFor('time', zone, showsZone).format(new Date(meetingAt));
}

/** True when two zones show the same clock at `at` (Toronto and New York; 'Etc/UTC' and 'UTC'): no need to name the zone. */
function isSameZone(a: string, b: string, at: string): boolean {
  if (a === b) return true;
  const instant = new Date(at);
  return new TZDate(instant, a).getTimezoneOffset() === new TZDate(instant, b).getTimezoneOffset();
}

/** The zone's name as a list shows it: "Europe/Paris" → "Europe/Paris (GMT+1)". */
export function formatTimeZone(zone: string, at: Date = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone.replaceAll('_', ' ');
}

/**
 * The instant (ISO, UTC) of a meeting held on `date` at `time` wall clock in `zone`: the pickers
 * give plain Dates whose local fields are the wall clock (day from `date`, hours and minutes from
 * `time`). Null when either is missing or invalid. Pure.
 */
export function toMeetingInstant(date: Date | null, time: Date | null, zone: string): string | null {
  if (!date || !time || !isValid(date) || !isValid(time)) return null;
  return new Date(
    new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), time.getHours(), time.getMinutes(), zone).getTime(),
  ).toISOString();
}

/**
 * The wall clock of `meetingAt` in `zone` as a plain local Date (the pickers' value): the inverse
 * of {@link toMeetingInstant}. Pure.
 */
export function toWallClock(meetingAt: string, zone: string): Date {
  const inZone = new TZDate(meetingAt, zone);
  return new Date(inZone.getFullYear(), inZone.getMonth(), inZone.getDate(), inZone.getHours(), inZone.getMinutes());
}

/** The viewer's local calendar date, YYYY-MM-DD (the "today" of the list's Today group). */
export function formatLocalToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}
