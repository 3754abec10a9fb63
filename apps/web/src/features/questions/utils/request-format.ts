import type { ContactRef, Recipient, RequestProgress } from '@tandem/contract';
import { format, parseISO } from 'date-fns';

/** A stored calendar date (YYYY-MM-DD) as the UI writes it: mm/dd/yyyy (issue #10). */
export function formatDueDate(date: string): string {
  return format(parseISO(date), 'MM/dd/yyyy');
}

/** An instant as a short local date and time ("Mar 10, 2:05 PM"). */
export function formatWhen(iso: string): string {
  return format(parseISO(iso), 'MMM d, h:mm a');
}

/** "Dana Reyes", or "Dana Reyes (former contact)" for a deleted contact whose answers are kept. */
export function contactName(contact: Pick<ContactRef, 'firstName' | 'lastName'> & { isFormer?: boolean }): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim() || 'Unnamed person';
  return contact.isFormer ? `${name} (former contact)` : name;
}

/** "2 of 5 answered". */
export function describeProgress(progress: RequestProgress): string {
  return `${progress.ANSWERED} of ${progress.total} answered`;
}

/** Answered share, 0–100 (0 without recipients). */
export function progressPercent(progress: RequestProgress): number {
  return progress.total === 0 ? 0 : Math.round((progress.ANSWERED / progress.total) * 100);
}

/** "Due in time", "1 day overdue", "4 days overdue". */
export function describeOverdue(daysOverdue: number): string {
  if (daysOverdue <= 0) return 'Not overdue';
  return daysOverdue === 1 ? '1 day overdue' : `${daysOverdue} days overdue`;
}

/**
 * True when Tandem can remind the person: not finished, link active, and asked through a channel
 * Tandem delivers (EMAIL, or SLACK since issue #12: a DM on the same schedule); a copied link is the
 * sender's to resend. Not while their first message could not be delivered (the row offers "Send
 * by email instead"; the server refuses such a reminder).
 */
export function isRemindable(recipient: Recipient): boolean {
  return recipient.state !== 'ANSWERED' && recipient.link.isActive && recipient.channel !== 'LINK' && recipient.deliveryError === null;
}
