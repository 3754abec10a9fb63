import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  addMember,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  localDate,
  newPerson,
  type Person,
  signIn,
  test,
} from './fixtures.js';

// Issue #14 "Attacks": stored XSS payloads in every user-written field render inert in the app and
// on the public pages (the mails have their own API-level test). Each test stores payloads through
// the API — every field gets its own marker, so a failure names the field — then opens, as the
// office and as a signed-out visitor, every screen that shows them and checks on each:
// - no payload ran: `window.__xss` is a trap (an init script's setter that reports to the test, in
//   every frame) and every payload assigns it; a dialog (alert) fails the test too;
// - no live markup was made from a payload: no on* attribute on any element, no javascript: URL,
//   no iframe/object/embed, no script the app did not ship, no <img src=x> — checked in the DOM,
//   so the result does not depend on the Content-Security-Policy (which would block an inline
//   handler and hide the bug; the pages are opened with the policy bypassed, so a payload that
//   became markup would also run and trip the trap);
// - the payload is shown literally, as the text it is, where the field is plain text.

test.use({ bypassCSP: true });

/**
 * The attacks, each assigning the trap `marker` (the field's name: what the trap reports when
 * that field's payload runs): an event handler on an element that fires by itself, a script
 * element, and an attribute breakout into a javascript: frame.
 */
type Vector = 'img' | 'svg' | 'script' | 'iframe' | 'details';
const vectors: Record<Vector, (marker: string) => string> = {
  img: (marker) => `<img src=x onerror="window.__xss='${marker}'">`,
  svg: (marker) => `<svg onload="window.__xss='${marker}'">`,
  script: (marker) => `<script>window.__xss='${marker}'</script>`,
  iframe: (marker) => `"><iframe src="javascript:parent.__xss='${marker}'">`,
  details: (marker) => `<details open ontoggle="window.__xss='${marker}'">`,
};
/** A payload for one field: a word that names it, then the attack (`vector`), at most ~60 characters. */
const payload = (word: string, vector: Vector, marker = word.toLowerCase()) => `${word} ${vectors[vector](marker)}`;

/** Everything a page did that an inert payload never does: trap reports, dialogs, page errors. */
interface Guarded {
  page: Page;
  ran: string[];
}

/**
 * Arms `page`: the `window.__xss` trap in every frame (reported to `ran`), dialogs recorded and
 * dismissed, and — for pages other than the fixture's own, which the `test` fixture watches —
 * page errors and console errors recorded too.
 */
async function guard(page: Page, watchErrors: boolean): Promise<Guarded> {
  const ran: string[] = [];
  await page.exposeFunction('__xssReport', (marker: string) => ran.push(`ran: ${marker}`));
  await page.addInitScript(() => {
    const report = (value: unknown) => (window as unknown as { __xssReport: (marker: string) => void }).__xssReport(String(value));
    Object.defineProperty(window, '__xss', { configurable: false, get: () => undefined, set: report });
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  if (watchErrors) {
    page.on('pageerror', (error) => ran.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
      ran.push(`console.error: ${message.text()}`);
    });
  }
  return { page, ran };
}

/**
 * The screen as it is now holds no live markup from a payload (see the top of the file) and
 * nothing ran. Called once the screen shows its payloads.
 */
async function expectInert({ page, ran }: Guarded, screen: string): Promise<void> {
  const live = await page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => `<${element.tagName.toLowerCase()}> ${element.outerHTML.slice(0, 120)}`;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${name} on ${describe(element)}`);
        if (name === 'srcdoc') found.push(`srcdoc on ${describe(element)}`);
        if (/(^|:)(href|src|action|formaction|data)$/.test(name) && /^\s*(javascript|vbscript):/i.test(attribute.value)) {
          found.push(`${name}=${attribute.value} on ${describe(element)}`);
        }
      }
      if (['iframe', 'frame', 'object', 'embed'].includes(tag)) found.push(describe(element));
      if (tag === 'img' && element.getAttribute('src') === 'x') found.push(describe(element));
      if (tag === 'script') {
        const source = (element as HTMLScriptElement).src;
        const shipped = source.startsWith(`${location.origin}/`) && !element.textContent?.trim();
        if (!shipped || element.textContent?.includes('__xss')) found.push(describe(element));
      }
    }
    return found;
  });
  expect(live, `live markup from a payload on ${screen}`).toEqual([]);
  expect(ran, `payloads that ran by ${screen}`).toEqual([]);
}

/**
 * Each of `texts` is shown on `page` literally (as text, the tags visible as characters). Soft: a
 * payload that became markup is not shown as text, and the test goes on to report the markup too.
 */
async function expectShown(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) await expect.soft(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
}

/** A signed-out visitor's page in a context of its own (no tokens), guarded, the policy bypassed. */
async function visitorPage(browser: Browser, baseURL: string | undefined): Promise<Guarded> {
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  return guard(await context.newPage(), true);
}

/** `person` renames themselves to `firstName` `lastName` (PATCH v1/profile); the person as now named. */
async function rename(request: APIRequestContext, token: string, person: Person, firstName: string, lastName: string): Promise<Person> {
  await callApi(request, token, 'PATCH', 'v1/profile', { firstName, lastName }, 200);
  return { ...person, firstName, lastName };
}

test('names, workspace name and tasks: dashboard, task list and drawer, activity, settings', async ({ page, request }) => {
  const text = {
    ownerFirst: payload('Olive', 'img'),
    ownerLast: payload('Owner', 'svg'),
    memberFirst: payload('Mia', 'details'),
    memberLast: payload('Member', 'iframe'),
    workspace: payload('Office', 'script'),
    taskTitle: payload('Task', 'img'),
    taskNotes: `Notes ${vectors.svg('notes')}\n${vectors.iframe('notes-2')}`,
  };
  const owner = await createOwner(request, 'Olive');
  const ownerPerson = await rename(request, owner.token, owner.person, text.ownerFirst, text.ownerLast);
  const workspacePath = `v1/workspaces/${owner.workspace.id}`;
  await callApi(request, owner.token, 'PATCH', workspacePath, { name: text.workspace }, 200);
  const member = await createActivatedPerson(request, { ...newPerson('Mia'), firstName: text.memberFirst, lastName: text.memberLast });
  await addMember(request, owner.token, owner.workspace.id, member, 'EXECUTIVEASSISTANT');
  const members = await callApi<{ items: { id: string; firstName: string }[] }>(request, owner.token, 'GET', `${workspacePath}/members`);
  const memberId = members.items.find((item) => item.firstName === text.memberFirst)!.id;
  await callApi(request, owner.token, 'POST', `${workspacePath}/tasks`, {
    title: text.taskTitle,
    notes: text.taskNotes,
    dueDate: localDate(0),
    assigneeMemberId: memberId,
    priority: 'URGENT',
  });

  const office = await guard(page, false);
  await signIn(page, ownerPerson);
  // Dashboard: the greeting, the workspace switcher, today's task, the recent activity.
  await expectShown(page, [text.ownerFirst, text.workspace, text.taskTitle, text.memberFirst]);
  await expectInert(office, 'the dashboard');

  await page.getByRole('button', { name: /activity$/i }).click();
  const activity = page.getByRole('dialog', { name: 'Activity' });
  await expect(activity.getByText(text.memberFirst).first()).toBeVisible();
  await expectInert(office, 'the activity panel');
  await page.keyboard.press('Escape');

  // The task list and its drawer.
  await page.goto('/tasks');
  await expectShown(page, [text.taskTitle, text.memberFirst]);
  await expectInert(office, 'the task list');
  await page.getByRole('button', { name: text.taskTitle, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  await expect(drawer.getByLabel('Title')).toHaveValue(text.taskTitle);
  await expect(drawer.getByLabel('Notes')).toHaveValue(text.taskNotes);
  await expect(drawer.getByRole('combobox', { name: 'Assignee' })).toContainText(text.memberFirst);
  await expectInert(office, 'the task drawer');
  await page.keyboard.press('Escape');

  // The plain dashboard, settings: General (the name) and Members (every name).
  await page.goto('/dashboard/old');
  await expectShown(page, [text.taskTitle]);
  await expectInert(office, 'the plain dashboard');
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('textbox', { name: /name/i }).first()).toHaveValue(text.workspace);
  await expectInert(office, 'settings: General');
  await page.getByRole('tab', { name: 'Members' }).click();
  await expectShown(page, [text.ownerFirst, text.ownerLast, text.memberFirst, text.memberLast]);
  await expectInert(office, 'settings: Members');
  // The workspace menu and the account page.
  await page.getByRole('button', { name: /switch workspace$/ }).click();
  await expect(page.getByRole('menuitem', { name: new RegExp(text.workspace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expectInert(office, 'the workspace menu');
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue(text.ownerFirst);
  await expectInert(office, 'the account page');
});

/** Markdown with every way in: raw HTML inline and as blocks, and javascript: links of each kind. */
const markdownBody = [
  `Intro **bold** and <img src=x onerror="window.__xss='md-img'"> inline, a [link](javascript:alert(1)) and <javascript:alert(2)>.`,
  '',
  `<script>window.__xss='md-script'</script>`,
  '',
  `<svg onload="window.__xss='md-svg'">`,
  '',
  `"><iframe src="javascript:parent.__xss='md-iframe'"></iframe>`,
  '',
  `<a href="javascript:window.__xss='md-a'">raw anchor</a> [mixed case](JaVaScRiPt:window.__xss='md-case') [entity](&#106;avascript:alert(3))`,
  `[reference][r] ![picture](javascript:window.__xss='md-image') [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  '',
  `# Heading <details open ontoggle="window.__xss='md-heading'">`,
  '',
  `[r]: javascript:window.__xss='md-reference'`,
].join('\n');
/** What the markdown shows as text: each raw HTML piece literally, each refused link as its words. */
const markdownShown = [
  `<img src=x onerror="window.__xss='md-img'">`,
  `<script>window.__xss='md-script'</script>`,
  `<svg onload="window.__xss='md-svg'">`,
  `"><iframe src="javascript:parent.__xss='md-iframe'"></iframe>`,
  `<a href="javascript:window.__xss='md-a'">raw anchor</a>`,
  'mixed case',
  `<details open ontoggle="window.__xss='md-heading'">`,
];

interface BriefDto {
  id: string;
  version: number;
  sections: { id: string }[];
}

test('briefs: the editor and its preview, the read view with marks, history, share dialog, template page, the public /b page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const text = {
    ownerFirst: payload('Eleanor', 'svg'),
    ownerLast: payload('Exec', 'img'),
    title: payload('Brief', 'iframe'),
    heading1: payload('Purpose', 'script'),
    heading2: payload('Risks', 'details'),
    note: payload('Note', 'img'),
    label: payload('Label', 'svg'),
    templateName: payload('Template', 'img'),
    templateDescription: payload('Description', 'script'),
    templateHeading: payload('Section', 'iframe'),
    templateGuidance: payload('Guidance', 'details'),
  };
  const owner = await createOwner(request, 'Eleanor');
  const executive = await rename(request, owner.token, owner.person, text.ownerFirst, text.ownerLast);
  const workspacePath = `v1/workspaces/${owner.workspace.id}`;
  await callApi(
    request,
    owner.token,
    'PATCH',
    `${workspacePath}/members/${owner.workspace.memberId}`,
    { workspaceMemberType: 'EXECUTIVE' },
    200,
  );
  const meetingAt = new Date(Date.now() + 2 * 3600 * 1000);
  const created = await callApi<BriefDto>(request, owner.token, 'POST', `${workspacePath}/briefs`, {
    title: text.title,
    meetingAt: meetingAt.toISOString(),
    meetingTimeZone: 'America/New_York',
    attendees: [{ type: 'MEMBER', id: owner.workspace.memberId }],
    sections: [
      { heading: text.heading1, body: markdownBody },
      { heading: text.heading2, body: 'First draft.' },
    ],
  });
  // A second save, so the history has two versions to open.
  const brief = await callApi<BriefDto>(request, owner.token, 'PATCH', `${workspacePath}/briefs/${created.id}`, {
    version: created.version,
    sections: [
      { id: created.sections[0]!.id, heading: text.heading1, body: markdownBody },
      { id: created.sections[1]!.id, heading: text.heading2, body: `Second draft ${vectors.img('md-second')}` },
    ],
  });
  await callApi(request, owner.token, 'PUT', `${workspacePath}/briefs/${brief.id}/sections/${brief.sections[1]!.id}/mark`, {
    mark: 'NEED_MORE',
    note: text.note,
  });
  const link = await callApi<{ id: string }>(request, owner.token, 'POST', `${workspacePath}/briefs/${brief.id}/share-links`, {
    label: text.label,
  });
  const template = await callApi<{ id: string }>(request, owner.token, 'POST', `${workspacePath}/brief-templates`, {
    name: text.templateName,
    description: text.templateDescription,
    sections: [{ heading: text.templateHeading, guidance: text.templateGuidance }],
  });

  const office = await guard(page, false);
  await signIn(page, executive);
  // The dashboard (today's brief), the list.
  await expectShown(page, [text.title]);
  await expectInert(office, 'the dashboard');
  await page.goto('/executive-briefs');
  await expectShown(page, [text.title]);
  await expectInert(office, 'the brief list');

  // The read view (the executive's default): title, attendees, headings, markdown, the mark's note.
  await page.goto(`/executive-briefs/${brief.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.heading1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.heading2 })).toBeVisible();
  await expectShown(page, [`With ${text.ownerFirst} ${text.ownerLast}`, ...markdownShown]);
  await expect(page.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(text.note);
  await expect(page.getByText('bold', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expectInert(office, 'the brief read view');

  // The editor, as the owner again (others see the mark's note as text): the fields hold the
  // payloads as values; the preview renders the markdown inert.
  await callApi(
    request,
    owner.token,
    'PATCH',
    `${workspacePath}/members/${owner.workspace.memberId}`,
    { workspaceMemberType: 'OWNER' },
    200,
  );
  await page.goto(`/executive-briefs/${brief.id}?mode=edit`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(text.title);
  await expect(page.getByRole('textbox', { name: /^Text of/ }).first()).toHaveValue(markdownBody);
  await page.getByRole('tab', { name: 'Preview' }).first().click();
  await expectShown(page, [...markdownShown, `“${text.note}”`]);
  await expectInert(office, 'the brief editor and its preview');

  // The history: an older version rendered.
  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await versions.getByRole('button').last().click();
  await expect(page.getByRole('heading', { level: 4, name: text.heading1 })).toBeVisible();
  await expectShown(page, [markdownShown[0]!]);
  await expectInert(office, 'the brief history');
  await page.getByRole('button', { name: 'Close' }).click();

  // The share dialog: the link's label.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: text.label })).toBeVisible();
  await expectInert(office, 'the share dialog');
  await page.keyboard.press('Escape');

  // The template page.
  await page.goto(`/executive-briefs/templates/${template.id}`);
  await expectShown(page, [text.templateName]);
  await expectInert(office, 'the template page');

  // The public brief page, signed out.
  const visitor = await visitorPage(browser, baseURL);
  try {
    await visitor.page.goto(`/b/${link.id}`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(visitor.page.getByRole('heading', { level: 2 })).toHaveText([
      text.heading1,
      'Heading <details open ontoggle="window.__xss=\'md-heading\'">',
      text.heading2,
    ]);
    await expectShown(visitor.page, [text.ownerFirst, ...markdownShown]);
    await expectInert(visitor, 'the public brief page');
  } finally {
    await visitor.page.context().close();
  }
});

interface SentRequest {
  items: { id: string }[];
  recipients: { contact: { id: string }; link: { url: string } }[];
}
interface SummaryDto {
  id: string;
  version: number;
  title: string;
  perQuestion: { requestId: string; itemId: string; synthesis: string }[];
  answers: { id: string; itemId: string; text: string }[];
  issues: { path: string; message: string }[];
  publication: { url: string } | null;
}

test('questions: the request, the recipient’s /q page (answers and messages typed there), people, chat, dashboard, summaries and the public /s page', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers, a generated summary, eleven screens
  const text = {
    ownerFirst: payload('Arthur', 'details'),
    ownerLast: payload('Assistant', 'script'),
    contactFirst: payload('Dana', 'img'),
    contactLast: payload('Reyes', 'svg'),
    company: payload('Company', 'iframe'),
    contactTitle: payload('Chair', 'details'),
    notes: payload('Notes', 'script'),
    tag: vectors.svg('tag'),
    title: payload('Request', 'svg'),
    context: `Context ${vectors.img('context')}\n${vectors.script('context-2')}`,
    prompt1: payload('Why', 'iframe'),
    prompt2: payload('Where', 'img'),
    option1: payload('Lisbon', 'details'),
    option2: payload('Austin', 'svg'),
    officeMessage: `Office says ${vectors.img('office-message')} and [x](javascript:alert(1))`,
    answer: `Answer ${vectors.svg('answer')} ${vectors.img('answer-2')}`,
    reply: `Reply ${vectors.iframe('reply')}`,
    summaryTitle: payload('Summary', 'img'),
    keyPoint: payload('Point', 'script'),
    synthesis: payload('Synthesis', 'svg'),
    actionItem: payload('Action', 'details'),
  };
  const owner = await createOwner(request, 'Arthur');
  const assistant = await rename(request, owner.token, owner.person, text.ownerFirst, text.ownerLast);
  const workspacePath = `v1/workspaces/${owner.workspace.id}`;
  const unique = `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  const contact = await callApi<{ id: string }>(request, owner.token, 'POST', `${workspacePath}/contacts`, {
    firstName: text.contactFirst,
    lastName: text.contactLast,
    email: `dana.${unique}@example.test`,
    title: text.contactTitle,
    company: text.company,
    notes: text.notes,
    tags: [text.tag],
  });
  const draft = await callApi<{ id: string; version: number }>(request, owner.token, 'POST', `${workspacePath}/question-requests`, {
    title: text.title,
    context: text.context,
    items: [
      { kind: 'OPEN_TEXT', prompt: text.prompt1, required: true },
      { kind: 'SINGLE_CHOICE', prompt: text.prompt2, options: [text.option1, text.option2], required: true },
    ],
    channel: 'LINK',
    contactIds: [contact.id],
  });
  const requestPath = `${workspacePath}/question-requests/${draft.id}`;
  await callApi(request, owner.token, 'POST', `${requestPath}/send`, { version: draft.version }, 200);
  const sent = await callApi<SentRequest>(request, owner.token, 'GET', requestPath);
  const answerPath = new URL(sent.recipients[0]!.link.url).pathname;
  await callApi(request, owner.token, 'POST', `${workspacePath}/contacts/${contact.id}/messages`, { body: text.officeMessage });

  // The recipient, signed out: the request as written, then answers and a reply typed on the page.
  const recipient = await visitorPage(browser, baseURL);
  const phone = recipient.page;
  try {
    await phone.goto(answerPath);
    await expect(phone.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expectShown(phone, [
      text.ownerFirst,
      `Context ${vectors.img('context')}`,
      vectors.script('context-2'),
      text.prompt1,
      text.prompt2,
    ]);
    const thread = phone.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText(text.officeMessage)).toBeVisible();
    await expectInert(recipient, 'the public answer page');
    const first = phone.getByRole('listitem', { name: 'Question 1' });
    await first.getByRole('textbox').fill(text.answer);
    await first.getByRole('textbox').blur();
    await expect(first.getByText('Saved', { exact: true })).toBeVisible();
    const second = phone.getByRole('listitem', { name: 'Question 2' });
    await second.getByRole('radio', { name: text.option1 }).check();
    await expect(second.getByText('Saved', { exact: true })).toBeVisible();
    await expect(second.getByRole('radio', { name: text.option2 })).not.toBeChecked();
    await phone.getByRole('button', { name: 'I’m done' }).click();
    await expect(phone.getByRole('heading', { name: /^Thank you, / })).toContainText(text.contactFirst);
    await phone.getByRole('textbox', { name: 'Your message' }).fill(text.reply);
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(thread.getByText(text.reply)).toBeVisible();
    await expectInert(recipient, 'the public answer page after answering');
    await phone.reload();
    await expectShown(phone, [`Hi ${text.contactFirst},`, text.reply, text.officeMessage]);
    await phone.getByRole('button', { name: 'Change my answers' }).click();
    await expect(phone.getByRole('listitem', { name: 'Question 1' }).getByRole('textbox')).toHaveValue(text.answer);
    await expect(phone.getByRole('listitem', { name: 'Question 2' }).getByRole('radio', { name: text.option1 })).toBeChecked();
    await expectInert(recipient, 'the public answer page, reloaded');
  } finally {
    await phone.context().close();
  }

  // A summary of the answers (the built-in provider), its words replaced by payloads, published.
  const generated = await callApi<SummaryDto>(request, owner.token, 'POST', `${workspacePath}/summaries/generate`, {
    title: text.summaryTitle,
    scope: { requestIds: [draft.id] },
  });
  const answerIds = generated.answers.map((answer) => answer.id);
  const openAnswer = generated.answers.find((answer) => answer.itemId === sent.items[0]!.id)!;
  const edited = await callApi<SummaryDto>(request, owner.token, 'PUT', `${workspacePath}/summaries/${generated.id}`, {
    version: generated.version,
    title: text.summaryTitle,
    keyPoints: [{ text: text.keyPoint, answerIds }],
    perQuestion: generated.perQuestion.map((spread) => ({ requestId: spread.requestId, itemId: spread.itemId, synthesis: text.synthesis })),
    quotes: [{ answerId: openAnswer.id, text: openAnswer.text }],
    actionItems: [{ text: text.actionItem, answerIds: [openAnswer.id] }],
    redactions: [],
  });
  expect(edited.issues).toEqual([]);
  const published = await callApi<SummaryDto>(request, owner.token, 'POST', `${workspacePath}/summaries/${generated.id}/publish`, {
    version: edited.version,
  });

  const office = await guard(page, false);
  await signIn(page, assistant);
  // The dashboard: the newest answer, the recent activity.
  await expectShown(page, [text.contactFirst]);
  await expectInert(office, 'the dashboard');
  await page.getByRole('button', { name: /activity$/i }).click();
  await expect(page.getByRole('dialog', { name: 'Activity' }).getByText(text.contactFirst).first()).toBeVisible();
  await expectInert(office, 'the activity panel');
  await page.keyboard.press('Escape');

  // The request: its words, the person, their answers.
  await page.goto(`/questions/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expectShown(page, [`Context ${vectors.img('context')}`, text.prompt1, text.prompt2, text.contactFirst, text.answer, text.option1]);
  await expectInert(office, 'the request page');
  for (const screen of ['/questions', '/questions/list']) {
    await page.goto(screen);
    await expectShown(page, [text.title]);
    await expectInert(office, screen);
  }

  // People: the list, the profile, the chat.
  await page.goto('/questions/people');
  await expectShown(page, [text.contactFirst, text.company]);
  await expectInert(office, 'the people list');
  await page.goto(`/questions/people/${contact.id}`);
  await expectShown(page, [text.contactFirst, text.contactLast, text.contactTitle, text.company, text.notes, text.tag, text.title]);
  await expectInert(office, 'the person’s profile');
  await page.goto(`/questions/people/${contact.id}/chat`);
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText(text.officeMessage)).toBeVisible();
  await expect(conversation.getByText(text.reply)).toBeVisible();
  await expect(conversation.getByText(text.answer).first()).toBeVisible();
  await expectInert(office, 'the chat');

  // Summaries: the list and the summary's page.
  await page.goto('/questions/summaries');
  await expectShown(page, [text.summaryTitle]);
  await expectInert(office, 'the summary list');
  await page.goto(`/questions/summaries/${generated.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text.summaryTitle })).toBeVisible();
  await expectShown(page, [text.keyPoint, text.synthesis, text.actionItem, text.prompt1, text.answer]);
  await expectInert(office, 'the summary page');

  // Closed, the request moves to the read-only archive.
  const { version } = await callApi<{ version: number }>(request, owner.token, 'GET', requestPath);
  await callApi(request, owner.token, 'POST', `${requestPath}/close`, { version }, 200);
  await page.goto('/questions/legacy');
  await expectShown(page, [text.title]);
  await expectInert(office, 'the archive of closed requests');

  // The public summary, signed out.
  const reader = await visitorPage(browser, baseURL);
  try {
    await reader.page.goto(new URL(published.publication!.url).pathname);
    await expect(reader.page.getByRole('heading', { level: 1, name: text.summaryTitle })).toBeVisible();
    await expectShown(reader.page, [text.keyPoint, text.synthesis, text.actionItem, text.prompt1, text.answer]);
    await expectInert(reader, 'the public summary page');
  } finally {
    await reader.page.context().close();
  }
});
