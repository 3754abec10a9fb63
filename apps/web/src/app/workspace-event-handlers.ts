import { activityEventHandler } from '@/features/activity/events/activity-events';
import { briefEventHandlers } from '@/features/briefs/events/brief-events';
import { contactEventHandlers } from '@/features/contacts/events/contact-events';
import { dashboardEventHandlers } from '@/features/dashboard/events/dashboard-events';
import { questionEventHandlers } from '@/features/questions/events/question-events';
import { slackEventHandler } from '@/features/slack/events/slack-events';
import { summaryEventHandlers } from '@/features/summaries/events/summary-events';
import { taskEventHandlers } from '@/features/tasks/events/task-events';
import { memberEventHandler } from '@/features/workspaces/events/member-events';
import type { AnyWorkspaceEventHandler } from '@/lib/events/event-handlers';

/**
 * Every feature's live-event handlers, wired once (ARCHITECTURE "events"): the app's one stream
 * (app/routes/app/root.tsx) dispatches each workspace event to the handlers of its type, in this
 * order. A new feature adds its handler file under features/<name>/events/ and lists it here.
 */
export const workspaceEventHandlers: readonly AnyWorkspaceEventHandler[] = [
  ...taskEventHandlers,
  ...briefEventHandlers,
  ...questionEventHandlers,
  ...summaryEventHandlers,
  ...contactEventHandlers,
  activityEventHandler,
  memberEventHandler,
  slackEventHandler,
  ...dashboardEventHandlers,
];
