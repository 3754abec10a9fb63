/** How a meeting's time reads on the public brief page. */
export interface MeetingTimeText {
  /** "Thursday, March 12, 2026" in the meeting's zone. */
  date: string;
  /** "2:00 PM" in the meeting's zone. */
  time: string;
  /** The zone's name as people say it ("Eastern Daylight Time"), for that date. */
  zoneName: string;
  /** The same instant on the reader's clock ("Mar 12, 8:00 PM Central European Standard Time"), or null when their zone shows the same wall time. */
  readerTime: string | null;
}

const zoneNameOf = (instant: Date, timeZone: string, locale: string | undefined): string =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(instant).find((part) => part.type === 'timeZoneName')
    ?.value ?? timeZone;

/**
 * The meeting header's date, time and zone name of `meetingAt` (an ISO instant) in the meeting's
 * IANA zone `meetingTimeZone` (issue #9: "date & time in the meeting's zone with zone name"), worded
 * by Intl for `locale` (default the browser's). `readerZone` (default the browser's) adds the
 * reader's own time when their clock differs. An unknown zone falls back to UTC. Pure given its
 * arguments.
 */
export function formatMeetingTime(
  meetingAt: string,
  meetingTimeZone: string,
  readerZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
  locale?: string,
): MeetingTimeText {
  const instant = new Date(meetingAt);
  const zone = isKnownZone(meetingTimeZone) ? meetingTimeZone : 'UTC';
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
    instant,
  );
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(instant);
  const wallClock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
  const reader = isKnownZone(readerZone) ? readerZone : zone;
  const readerTime =
    wallClock(reader) === wallClock(zone)
      ? null
      : new Intl.DateTimeFormat(locale, {
          timeZone: reader,
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'long',
        }).format(instant);
  return { date, time, zoneName: zoneNameOf(instant, zone, locale), readerTime };
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
