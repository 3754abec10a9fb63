import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { warmMeetingTimes } from '../utils/meeting-time';

/**
 * Loads the browser's date and zone data in an idle moment after the calling component mounts
 * ({@link whenIdle}, {@link warmMeetingTimes}): a short task of its own while the page waits for its
 * data, instead of a long one inside the render that shows the first meeting (issue #13). For the
 * screens that show meeting times: one brief, the brief list and the dashboard. Every page load
 * loads that data on a worker thread (lib/date-format-data.ts); this builds the meeting
 * formatters, and loads the data where that worker could not.
 */
export function usePrewarmedMeetingTimes(): void {
  useEffect(() => whenIdle(warmMeetingTimes), []);
}
