import { setImmediate as nextTurn } from 'node:timers/promises';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { activityItems, people, subscriptions, tasks, workspaceMembers, workspaces } from '../db/schema/index.js';
import { overdueKey } from '../features/activity/index.js';
import type { AuthService } from '../features/auth/auth-service.js';
import { acknowledgeBrief, builtInTemplates, createBrief, markBriefReady, markSection, updateBrief } from '../features/briefs/index.js';
import { closeRequest, createRequest, sendRequest } from '../features/questions/index.js';
import { createSummaryFromProposal } from '../features/summaries/index.js';
import { DEFAULT_WORKING_HOURS, type AnswerValue, type RecipientState } from '@tandem/contract';
import { contacts, questionAnswers, questionRecipients, questionRequests } from '../db/schema/index.js';

/** The demo accounts printed at start-up (ISSUE: "known passwords printed at start-up"). */
export const demoAccounts = {
  executive: { firstName: 'Eleanor', lastName: 'Vance', email: 'executive@tandem.local', password: 'demo tandem executive 2026' },
  assistant: { firstName: 'Arthur', lastName: 'Reed', email: 'assistant@tandem.local', password: 'demo tandem assistant 2026' },
} as const;

/** `days` from today as a calendar date, computed by the database (the dashboard's "today"). */
const fromToday = (days: number) => sql`current_date + ${days}::int`;

/**
 * Runs one step of the seed (one feature call, one transaction or statement) after letting the
 * event loop turn. The server seeds while it listens (server.ts; issue #13, cold start): PGlite
 * answers one statement at a time and its calls never yield to the loop, so without the turn a
 * probe or a web file asked for meanwhile waited for the whole seed, about a second.
 */
async function step<T>(work: () => Promise<T>): Promise<T> {
  await nextTurn();
  return work();
}

const HOUR_MS = 60 * 60_000;
/** The instant `days` days and `hours` hours before `now`. */
const ago = (now: number, days: number, hours = 0) => new Date(now - (days * 24 + hours) * HOUR_MS);

/**
 * Seeds a demo workspace — an executive (who also holds the OWNER rights, PRODUCT §1) and an
 * assistant, both active, with a few tasks so the dashboard and /tasks have something to show,
 * and the past nine days of their activity (issue #8): the plan upgrade, the assistant's
 * invitation and arrival, tasks assigned both ways, one completed and one overdue — the newest
 * unread for each, so the bell's dot is lit — when the database has no person yet. Returns false
 * when it did nothing.
 */
export async function seedDemoWorkspace(db: Database, auth: AuthService): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(people);
  if ((existing?.value ?? 0) > 0) return false;
  const { executive, assistant } = demoAccounts;
  const [executiveHash, assistantHash] = await Promise.all([auth.hashPassword(executive.password), auth.hashPassword(assistant.password)]);
  // The password hashes ran on the thread pool: the loop has turned since the last statement.
  const office = await db.transaction(async (tx) => {
    const [exec, asst] = await tx
      .insert(people)
      .values([
        {
          firstName: executive.firstName,
          lastName: executive.lastName,
          email: executive.email,
          passwordHash: executiveHash,
          status: 'ACTIVE',
        },
        {
          firstName: assistant.firstName,
          lastName: assistant.lastName,
          email: assistant.email,
          passwordHash: assistantHash,
          status: 'ACTIVE',
        },
      ])
      .returning();
    const [workspace] = await tx.insert(workspaces).values({ name: "Eleanor's office" }).returning();
    await tx.insert(subscriptions).values({ workspaceId: workspace!.id, subscriptionType: 'PRO', status: 'ACTIVE' });
    const [execMember, asstMember] = await tx
      .insert(workspaceMembers)
      .values([
        { workspaceId: workspace!.id, personId: exec!.id, workspaceMemberType: 'EXECUTIVE' },
        { workspaceId: workspace!.id, personId: asst!.id, workspaceMemberType: 'EXECUTIVEASSISTANT', invitedBy: exec!.id },
      ])
      .returning();
    const mine = { workspaceId: workspace!.id, createdByMemberId: asstMember!.id, assigneeMemberId: execMember!.id };
    const delegated = { workspaceId: workspace!.id, createdByMemberId: execMember!.id, assigneeMemberId: asstMember!.id };
    const seeded = await tx
      .insert(tasks)
      .values([
        { ...mine, title: 'Approve the Q3 budget', priority: 'URGENT', dueDate: fromToday(0) },
        { ...mine, title: 'Review the keynote draft', dueDate: fromToday(0), notes: 'Slides 12–18 changed since Friday.' },
        { ...mine, title: 'Sign the partnership NDA', priority: 'HIGH', dueDate: fromToday(-2) },
        { ...delegated, title: 'Book flights to the Lisbon offsite', dueDate: fromToday(3) },
        { ...delegated, title: 'Collect the board pack', status: 'IN_PROGRESS', dueDate: fromToday(1) },
        { ...delegated, title: 'Send the investor update', status: 'DONE', completedAt: new Date() },
        { ...delegated, assigneeMemberId: null, title: 'Find a venue for the team dinner' },
      ])
      .returning();
    await seedActivityHistory(tx, { workspaceId: workspace!.id, executive: execMember!, assistant: asstMember!, tasks: seeded });
    return { workspaceId: workspace!.id, executivePersonId: exec!.id, assistantPersonId: asst!.id };
  });
  await seedBriefs(db, office);
  await seedQuestions(db, office);
  return true;
}

/** The next whole hour at least `hours` hours from now (a meeting time that reads naturally). */
const meetingIn = (hours: number) => {
  const at = new Date(Date.now() + hours * HOUR_MS);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
};

/**
 * Three briefs through the briefs feature itself (issue #9), so versions, activity and counters are
 * what real use leaves: the board prep for a meeting a few hours from now, written and marked
 * ready by the assistant (awaiting the executive's acknowledgement); tomorrow's 1:1 still a draft;
 * and the offsite travel brief the executive acknowledged with one section marked "need more".
 */
async function seedBriefs(db: Database, office: { workspaceId: string; executivePersonId: string; assistantPersonId: string }) {
  const { workspaceId, executivePersonId: executive, assistantPersonId: assistant } = office;
  const template = (name: string) => builtInTemplates.find((candidate) => candidate.name === name)!;
  const fill = (name: string, bodies: string[]) =>
    template(name).sections.map((section, index) => ({ heading: section.heading, body: bodies[index] ?? '', guidance: section.guidance }));

  const board = await step(() =>
    createBrief(db, assistant, workspaceId, {
      title: 'Q3 board meeting',
      templateId: template('Board prep').id,
      meetingAt: meetingIn(3),
      meetingTimeZone: 'America/New_York',
    }),
  );
  const boardFilled = await step(() =>
    updateBrief(db, assistant, workspaceId, board.id, {
      version: board.version,
      sections: board.sections.map((section, index) => ({
        id: section.id,
        heading: section.heading,
        guidance: section.guidance,
        body:
          [
            'Approve the **FY27 operating plan** and the revised hiring pace (−12 roles in H1).',
            '- **Maya Chen** (chair): supportive, wants a clear cash runway number.\n- **Tom Alvarez**: sceptical of the EMEA expansion.',
            'Revenue $48.2M (+18% y/y), gross margin 71%, runway 26 months at plan.',
          ][index] ?? '',
      })),
    }),
  );
  await step(() => markBriefReady(db, assistant, workspaceId, board.id, boardFilled.version));

  await step(() =>
    createBrief(db, assistant, workspaceId, {
      title: '1:1 with Maya Chen',
      templateId: template('1:1 prep').id,
      meetingAt: meetingIn(26),
      meetingTimeZone: 'America/New_York',
    }),
  );

  const offsite = await step(() =>
    createBrief(db, assistant, workspaceId, {
      title: 'Lisbon offsite',
      meetingAt: meetingIn(24 * 9),
      meetingTimeZone: 'Europe/Lisbon',
      sections: fill('Travel brief', [
        'TAP TP 208, JFK → LIS, departs 19:05, seat 2A. Car to JFK at 15:45.',
        'Four Seasons Ritz, 3 nights, confirmation 88412.',
        'Day 1 strategy sessions; day 2 team dinner (venue still open).',
      ]),
    }),
  );
  const ready = await step(() => markBriefReady(db, assistant, workspaceId, offsite.id, offsite.version));
  await step(() => acknowledgeBrief(db, executive, workspaceId, offsite.id, ready.version));
  const needsMore = ready.sections[2];
  if (needsMore) {
    await step(() =>
      markSection(db, executive, workspaceId, offsite.id, needsMore.id, { mark: 'NEED_MORE', note: 'Which evening is the dinner?' }),
    );
  }
}

/** The five VPs the assistant asks before the board meeting (issue #10's story), with their zones. */
const demoContacts = [
  { firstName: 'Maya', lastName: 'Chen', title: 'CFO', company: 'Northwind Capital', timeZone: 'America/New_York' },
  { firstName: 'Tom', lastName: 'Alvarez', title: 'VP Sales EMEA', company: 'Northwind Capital', timeZone: 'Europe/London' },
  { firstName: 'Priya', lastName: 'Natarajan', title: 'VP Engineering', company: 'Northwind Capital', timeZone: 'Asia/Kolkata' },
  { firstName: 'Lukas', lastName: 'Berg', title: 'VP Operations', company: 'Northwind Capital', timeZone: 'Europe/Berlin' },
  { firstName: 'Sofia', lastName: 'Reyes', title: 'VP Marketing', company: 'Northwind Capital', timeZone: 'America/Los_Angeles' },
];

/**
 * The questions of the demo (issue #10), through the questions feature itself so links, versions
 * and events are what real use leaves: five VP contacts; "Board meeting prep: Q3 numbers" SENT by
 * link to all of them — Maya answered, Tom half-way, Priya opened it, Lukas and Sofia not yet
 * (answers written directly, as the public page would); a DRAFT for the offsite; a CLOSED request
 * from last quarter. Sent by link, so the seed mails nobody.
 */
async function seedQuestions(db: Database, office: { workspaceId: string; assistantPersonId: string }) {
  const { workspaceId, assistantPersonId: assistant } = office;
  const deps = {
    db,
    publicUrl: '',
    mailOutbox: {
      enqueue: () => Promise.reject(new Error('the demo sends question requests by link only')),
    },
  };
  const people = await db
    .insert(contacts)
    .values(
      demoContacts.map((contact) => ({
        ...contact,
        workspaceId,
        email: `${contact.firstName.toLowerCase()}.${contact.lastName.toLowerCase()}@northwind.example`,
        workingHours: DEFAULT_WORKING_HOURS,
        tags: ['board'],
      })),
    )
    .returning();
  const contactIds = people.map((person) => person.id);
  const dueDate = await db.execute<{ day: string }>(sql`select to_char(current_date + 4, 'YYYY-MM-DD') as day`);
  const board = await step(() =>
    createRequest(deps, assistant, workspaceId, {
      title: 'Board meeting prep: Q3 numbers',
      context: 'The board meets next week. Three quick questions so the deck reflects where each team stands.',
      items: [
        { prompt: 'What is your Q3 number against plan, in one line?', kind: 'OPEN_TEXT', options: [], required: true },
        { prompt: 'How confident are you in Q4?', kind: 'SCALE_1_5', options: [], required: true },
        {
          prompt: 'Which risks should the board hear about?',
          kind: 'MULTI_CHOICE',
          options: ['Hiring', 'Pipeline', 'Supply chain', 'None'],
          required: false,
        },
      ],
      dueDate: dueDate.rows[0]!.day,
      timeZone: 'America/New_York',
      remindAfterDays: 2,
      channel: 'LINK',
      contactIds,
    }),
  );
  const sent = await step(() => sendRequest(deps, assistant, workspaceId, board.id, board.version));
  const [numberItem, confidenceItem, risksItem] = sent.items;
  const now = Date.now();
  // Sent two days ago, so every opening and answer below comes after it.
  const sentAt = ago(now, 2);
  await step(() => db.update(questionRequests).set({ sentAt, updatedAt: sentAt }).where(eq(questionRequests.id, sent.id)));
  const progress: { state: RecipientState; answers: [string, AnswerValue][] }[] = [
    {
      state: 'ANSWERED',
      answers: [
        [numberItem!.id, 'Revenue $48.2M, 3% over plan; gross margin 71%.'],
        [confidenceItem!.id, 4],
        [risksItem!.id, ['Hiring']],
      ],
    },
    { state: 'PARTIAL', answers: [[numberItem!.id, 'EMEA bookings at 92% of plan; two deals slipped to October.']] },
    { state: 'OPENED', answers: [] },
    { state: 'PENDING', answers: [] },
    { state: 'PENDING', answers: [] },
  ];
  /** Answer ids by person (index of demoContacts) and item, for the demo summary's citations. */
  const answerIds = new Map<number, Map<string, string>>();
  for (const [index, contactId] of contactIds.entries()) {
    const recipient = sent.recipients.find((candidate) => candidate.contact.id === contactId)!;
    const { state, answers } = progress[index]!;
    const answeredAt = new Date(now - (index + 1) * 3 * HOUR_MS);
    await db
      .update(questionRecipients)
      .set({
        state,
        sentAt,
        openedAt: state === 'PENDING' ? null : new Date(answeredAt.getTime() - HOUR_MS),
        firstAnsweredAt: answers.length > 0 ? answeredAt : null,
        lastAnsweredAt: answers.length > 0 ? answeredAt : null,
        submittedAt: state === 'ANSWERED' ? answeredAt : null,
        completedAt: state === 'ANSWERED' ? answeredAt : null,
      })
      .where(eq(questionRecipients.id, recipient.id));
    if (answers.length > 0) {
      const inserted = await db
        .insert(questionAnswers)
        .values(
          answers.map(([itemId, value]) => ({
            workspaceId,
            requestId: sent.id,
            recipientId: recipient.id,
            itemId,
            value,
            via: 'LINK' as const,
            submittedAt: answeredAt,
            updatedAt: answeredAt,
          })),
        )
        .returning({ id: questionAnswers.id, itemId: questionAnswers.itemId });
      answerIds.set(index, new Map(inserted.map((row) => [row.itemId, row.id])));
    }
  }
  await seedSummary(db, { workspaceId, assistant, requestId: sent.id, numberItem: numberItem!.id, risksItem: risksItem!.id, answerIds });

  await step(() =>
    createRequest(deps, assistant, workspaceId, {
      title: 'Lisbon offsite: dietary needs and arrival times',
      context: 'So we can book the dinner and the airport cars.',
      items: [
        { prompt: 'When do you land in Lisbon?', kind: 'DATE', options: [], required: true },
        { prompt: 'Any dietary needs?', kind: 'OPEN_TEXT', options: [], required: false },
      ],
      channel: 'EMAIL',
      contactIds: contactIds.slice(0, 3),
    }),
  );

  const q2 = await step(() =>
    createRequest(deps, assistant, workspaceId, {
      title: 'Q2 hiring plan check-in',
      items: [{ prompt: 'Are you on track with the Q2 hiring plan?', kind: 'YES_NO', options: [], required: true }],
      channel: 'LINK',
      contactIds: contactIds.slice(2),
    }),
  );
  const q2Sent = await step(() => sendRequest(deps, assistant, workspaceId, q2.id, q2.version));
  await step(() => closeRequest(deps, assistant, workspaceId, q2.id, q2Sent.version));
}

/**
 * A DRAFT summary of the board request's answers so far (issue #11), hand-written like the answers
 * (the seed makes no AI generation) and saved through the summaries feature, which checks every
 * citation and quote and computes the counts: Maya's numbers and risk, Tom's slipped deals.
 */
async function seedSummary(
  db: Database,
  input: {
    workspaceId: string;
    assistant: string;
    requestId: string;
    numberItem: string;
    risksItem: string;
    answerIds: Map<number, Map<string, string>>;
  },
) {
  const maya = input.answerIds.get(0)!;
  const tom = input.answerIds.get(1)!;
  await step(() =>
    createSummaryFromProposal(db, {
      personId: input.assistant,
      workspaceId: input.workspaceId,
      title: 'Q3 numbers so far',
      scope: { requestIds: [input.requestId], contactIds: [], from: null, to: null },
      proposal: {
        keyPoints: [
          { text: 'Revenue came in 3% over plan with a 71% gross margin.', answerIds: [maya.get(input.numberItem)!] },
          { text: 'EMEA is behind plan: two deals slipped to October.', answerIds: [tom.get(input.numberItem)!] },
          { text: 'Hiring is the one risk raised so far.', answerIds: [maya.get(input.risksItem)!] },
        ],
        perQuestion: [],
        quotes: [
          { answerId: maya.get(input.numberItem)!, text: '3% over plan' },
          { answerId: tom.get(input.numberItem)!, text: 'two deals slipped to October' },
        ],
        actionItems: [{ text: 'Ask Tom which EMEA deals slipped and what would close them.', answerIds: [tom.get(input.numberItem)!] }],
      },
    }),
  );
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type MemberRow = typeof workspaceMembers.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/**
 * The demo office's last nine days as activity items (issue #8), in the shapes the live
 * producers record (features/activity story.ts, overdue.ts): who did what to whom, oldest first.
 * The overdue item carries the sweep's dedupe key, so the hourly sweep does not record it again.
 * Read marks: the executive last looked two days ago, the assistant yesterday.
 */
async function seedActivityHistory(
  tx: Tx,
  input: { workspaceId: string; executive: MemberRow; assistant: MemberRow; tasks: TaskRow[] },
): Promise<void> {
  const { workspaceId, executive, assistant } = input;
  const now = Date.now();
  const task = (title: string) => {
    const row = input.tasks.find((candidate) => candidate.title === title);
    if (!row) throw new Error(`demo task ${title} missing`);
    return row;
  };
  const about = (row: TaskRow) => ({
    taskId: row.id,
    subject: { taskId: row.id, title: row.title, ...(row.assigneeMemberId ? { memberId: row.assigneeMemberId } : {}) },
  });
  const nda = task('Sign the partnership NDA');
  const yesterdayUtc = new Date(new Date(now).setUTCHours(0, 5, 0, 0) - 24 * HOUR_MS);
  const history: Omit<typeof activityItems.$inferInsert, 'workspaceId'>[] = [
    { kind: 'PLAN_CHANGED', actorMemberId: executive.id, subject: { from: 'FREE', to: 'PRO' }, createdAt: ago(now, 9, 6) },
    {
      kind: 'MEMBER_INVITED',
      actorMemberId: executive.id,
      subject: { memberId: assistant.id, workspaceMemberType: 'EXECUTIVEASSISTANT' },
      createdAt: ago(now, 9, 5),
    },
    { kind: 'MEMBER_JOINED', actorMemberId: assistant.id, subject: { memberId: assistant.id }, createdAt: ago(now, 8, 22) },
    { kind: 'TASK_ASSIGNED', actorMemberId: executive.id, ...about(task('Send the investor update')), createdAt: ago(now, 7, 3) },
    { kind: 'TASK_CREATED', actorMemberId: executive.id, ...about(task('Find a venue for the team dinner')), createdAt: ago(now, 6, 4) },
    { kind: 'TASK_ASSIGNED', actorMemberId: executive.id, ...about(task('Collect the board pack')), createdAt: ago(now, 5, 2) },
    { kind: 'TASK_ASSIGNED', actorMemberId: assistant.id, ...about(nda), createdAt: ago(now, 4, 7) },
    { kind: 'TASK_ASSIGNED', actorMemberId: assistant.id, ...about(task('Approve the Q3 budget')), createdAt: ago(now, 3, 5) },
    { kind: 'TASK_ASSIGNED', actorMemberId: assistant.id, ...about(task('Review the keynote draft')), createdAt: ago(now, 2, 20) },
    {
      kind: 'TASK_OVERDUE',
      actorMemberId: null,
      ...about(nda),
      subject: { ...about(nda).subject, dueDate: nda.dueDate! },
      dedupeKey: overdueKey(nda.id, nda.dueDate!),
      createdAt: yesterdayUtc,
    },
    {
      kind: 'TASK_ASSIGNED',
      actorMemberId: executive.id,
      ...about(task('Book flights to the Lisbon offsite')),
      createdAt: ago(now, 0, 20),
    },
    { kind: 'TASK_DONE', actorMemberId: assistant.id, ...about(task('Send the investor update')), createdAt: ago(now, 0, 2) },
  ];
  await tx.insert(activityItems).values(history.map((item) => ({ ...item, workspaceId })));
  await tx
    .update(workspaceMembers)
    .set({ activityReadAt: ago(now, 2) })
    .where(eq(workspaceMembers.id, executive.id));
  await tx
    .update(workspaceMembers)
    .set({ activityReadAt: ago(now, 1) })
    .where(eq(workspaceMembers.id, assistant.id));
}
