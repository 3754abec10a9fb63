import { addDays, startOfDay } from 'date-fns';
import { useEffect, useState } from 'react';
import { formatLocalDate } from '../utils/dashboard-dates';

/**
 * The browser's local calendar date, YYYY-MM-DD, updated at local midnight so a dashboard left
 * open overnight asks for the new day.
 */
export function useLocalToday(): string {
  const [today, setToday] = useState(() => formatLocalDate(new Date()));
  useEffect(() => {
    const now = new Date();
    const untilMidnight = startOfDay(addDays(now, 1)).getTime() - now.getTime();
    const timer = setTimeout(() => setToday(formatLocalDate(new Date())), untilMidnight + 1000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
