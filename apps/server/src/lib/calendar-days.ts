import { TZDate } from '@date-fns/tz';

/**
 * Calendar days in an IANA time zone, by @date-fns/tz: what day it is somewhere, and the instants
 * a day spans there. Each answer a TZDate gives costs ≈ 25 µs (it asks Intl for the zone's
 * offsets), and the dashboard, the briefs for today and every answer saved ask on each call, so
 * both remember what they worked out (issue #13). Zones come validated (contract `isTimeZone`).
 */

/** {@link dayBounds} already worked out (epoch ms), by day and zone: a zone's rules do not change while the process runs. */
const knownDayBounds = new Map<string, { start: number; end: number }>();
/** At most this many days are remembered, forgotten all at once when full. */
const DAY_BOUNDS_REMEMBERED = 1_000;

/**
 * The instants [start, end) of the calendar day `day` (YYYY-MM-DD) in `timeZone`: its local
 * midnight to the next one (23 or 25 hours on a daylight-saving day). New Date objects each call.
 */
export function dayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  const { start, end } = dayBoundsMs(day, timeZone);
  return { start: new Date(start), end: new Date(end) };
}

function dayBoundsMs(day: string, timeZone: string): { start: number; end: number } {
  const key = `${day} ${timeZone}`;
  let bounds = knownDayBounds.get(key);
  if (bounds === undefined) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    bounds = {
      start: new TZDate(year, month - 1, date, timeZone).getTime(),
      end: new TZDate(year, month - 1, date + 1, timeZone).getTime(),
    };
    if (knownDayBounds.size >= DAY_BOUNDS_REMEMBERED) knownDayBounds.clear();
    knownDayBounds.set(key, bounds);
  }
  return bounds;
}

/** Per zone, the last day {@link todayIn} answered and its bounds: the same answer until its local midnight. */
const currentDayByZone = new Map<string, { day: string; start: number; end: number }>();
/** At most this many zones are remembered, forgotten all at once when full. */
const ZONES_REMEMBERED = 1_000;

/** The calendar date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  const at = now.getTime();
  const known = currentDayByZone.get(timeZone);
  if (known !== undefined && known.start <= at && at < known.end) return known.day;
  const local = new TZDate(at, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  if (currentDayByZone.size >= ZONES_REMEMBERED) currentDayByZone.clear();
  currentDayByZone.set(timeZone, { day, ...dayBoundsMs(day, timeZone) });
  return day;
}
