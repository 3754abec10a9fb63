import axe from 'axe-core';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

export const CLIENT_ID = 'tandem-web';
export const PASSWORD = 'orchard lantern velvet compass 42';
/** The mail sink's HTTP side; playwright.config.ts sets it (ports shift with E2E_PORT_OFFSET). */
const MAIL_SINK = process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:2526';

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

/** All messages the local SMTP sink received for `to`, oldest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<MailMessage[]> {
  const response = await request.get(`${MAIL_SINK}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as MailMessage[];
}

/** Waits for a mail to `to` matching `subject` (newer than `after`) and returns it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, after = 0): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).filter((m) => subject.test(m.subject) && m.receivedAt >= after).at(-1);
        return found !== undefined;
      },
      // The mail job runs on NOTIFY at once; this only bounds a loaded host (see the config's timeouts).
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest mail to `to` whose subject matches. */
export async function waitForCode(request: APIRequestContext, to: string, subject: RegExp, after = 0): Promise<string> {
  const mail = await waitForMail(request, to, subject, after);
  return mail.subject.match(/\d{6}/)![0];
}

let sequence = 0;
/** The date `days` from today on this machine's calendar (the browser's too), as YYYY-MM-DD. */
export function localDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A fresh identity, unique across workers and projects. */
export function newPerson(firstName = 'Avery'): Person {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${sequence}`;
  return { email: `${firstName.toLowerCase()}.${unique}@example.test`, password: PASSWORD, firstName, lastName: 'Tester' };
}

const apiHeaders = { 'x-client-id': CLIENT_ID };

/**
 * Signs up and activates a person through the API (fixtures own their data, STYLE §10). Unless
 * `options.firstRunAnswered` is false, also answers the first-run question (PRODUCT §1) for them,
 * so their signed-in screens open without it (issue #8: it is asked until answered).
 */
export async function createActivatedPerson(
  request: APIRequestContext,
  person = newPerson(),
  options: { firstRunAnswered?: boolean } = {},
): Promise<Person> {
  const signup = await request.post('/api/v1/signup', {
    headers: apiHeaders,
    data: { firstName: person.firstName, lastName: person.lastName, loginIdentifier: person.email, password: person.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await waitForCode(request, person.email, /activation code/);
  const activation = await request.post('/api/v1/signup/activate', {
    headers: apiHeaders,
    data: { loginIdentifier: person.email, activationCode: code },
  });
  expect(activation.status(), await activation.text()).toBe(200);
  if (options.firstRunAnswered !== false) {
    await callApi(request, await signInThroughApi(request, person), 'POST', 'v1/onboarding/first-run', undefined, 200);
  }
  return person;
}

/** Signs in through the login screen and waits for the signed-in landing (/ → /dashboard/home). */
export async function signInThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.firstName);
}

/**
 * Signs `person` in without the login screen and opens the signed-in landing (/ → /dashboard/home),
 * where {@link signInThroughUi} ends: the password grant through the API (seed §7), its tokens
 * stored under the keys the login screen stores them under (seed §3). For tests of something
 * other than signing in, which the login screen's own tests cover (sign-in.spec.ts and the
 * journeys that start there): a load of the login screen fewer per test (issue #13: `npm test`
 * ≤ 20 minutes).
 */
export async function signIn(page: Page, person: Person): Promise<void> {
  const tokens = await passwordGrant(page.request, person);
  // Local storage belongs to the origin: a file of the origin, not the app, opens it for writing,
  // and the app then starts with the session stored.
  await page.goto('/favicon.svg');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', stored.access_token);
    localStorage.setItem('refreshToken', stored.refresh_token);
    localStorage.setItem('userId', stored.user_id);
  }, tokens);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(person.firstName);
}

/** Fills and submits the /register form for `person` (the page is left on whatever answers it). */
export async function submitRegisterForm(page: Page, person: Pick<Person, 'firstName' | 'lastName' | 'email' | 'password'>): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Registers `person` through /register and types the mailed activation code into the 6 boxes. */
export async function registerAndActivateThroughUi(page: Page, request: APIRequestContext, person: Person): Promise<void> {
  await submitRegisterForm(page, person);
  const code = await waitForCode(request, person.email, /activation code/);
  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/**
 * Resolves once dnd-kit's keyboard sensor listens for the arrow keys of a drag just lifted with
 * Space: the sensor adds its keydown listener in a `setTimeout` when the lift starts, so a timer
 * queued in the page after the lift has been seen runs after it. An arrow pressed earlier is lost.
 */
export async function keyboardDragReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** WCAG 2.0 and 2.1 success criteria at levels A and AA, as axe tags. */
export const WCAG_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Every current axe rule: all WCAG levels, best practices and the experimental rules (off by
 * default, e.g. label-content-name-mismatch, WCAG 2.5.3). Only the deprecated duplicate-id rules
 * carry none of these tags.
 */
const ALL_RULE_TAGS = [...WCAG_A_AA_TAGS, 'wcag2aaa', 'wcag22aa', 'best-practice', 'experimental'];

type AxeViolation = axe.Result;
const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * Runs axe-core's `axe.run` on the page's document with `options`. axe is put into the document
 * once (the app's client-side navigation keeps it) and run in it directly: @axe-core/playwright's
 * AxeBuilder evaluated axe's 0.6 MB source before every pass and then opened a blank page to
 * aggregate the results (`finishRun`), 2.1–2.3 s a pass on the dashboard against 0.6–0.9 s, for
 * the same results (issue #13, `npm test` time). Its only gain, cross-origin frames, does not
 * apply: the app has no frames.
 */
async function runAxe(page: Page, options: axe.RunOptions): Promise<axe.AxeResults> {
  type WithAxe = { axe?: typeof axe };
  if (!(await page.evaluate(() => (window as WithAxe).axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate((runOptions) => (window as WithAxe).axe!.run(document, runOptions), options);
}

/**
 * Resolves once every finite CSS transition and animation of the page has ended (a spinner's
 * endless one never does): a menu that has grown open, a colour that has settled.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * The accessibility check of the page as it is now: no violation at all of the WCAG 2.0/2.1 A and
 * AA rules and axe's best practices, and no serious or critical violation of any other axe rule
 * (WCAG 2.2, experimental such as label-content-name-mismatch, AAA). One AAA rule is left out:
 * color-contrast-enhanced (7:1) — the product's target is AA (4.5:1, checked above) and its brand
 * blue is 6.3:1 on white; WCAG itself does not recommend AAA as a general policy.
 * One axe pass over every rule, its violations then sorted into the two sets (a rule's result
 * does not depend on which other rules run; a pass per set took twice as long, issue #13).
 * Lists what it finds.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A colour mid-transition (a button's background just after a theme switch or a hover) is not
  // the colour a person sees.
  await animationsFinished(page);
  const all = await runAxe(page, {
    runOnly: { type: 'tag', values: ALL_RULE_TAGS },
    rules: { 'color-contrast-enhanced': { enabled: false } },
  });
  const strict = new Set([...WCAG_A_AA_TAGS, 'best-practice']);
  // axe leaves experimental rules out of a pass unless 'experimental' is asked for, as the strict set did.
  const isStrict = (violation: AxeViolation) => !violation.tags.includes('experimental') && violation.tags.some((tag) => strict.has(tag));
  expect(describeViolations(all.violations.filter(isStrict)), 'WCAG 2.1 A/AA and best-practice violations').toEqual([]);
  const serious = all.violations.filter((v) => !isStrict(v) && (v.impact === 'serious' || v.impact === 'critical'));
  expect(describeViolations(serious), 'serious or critical violations of any axe rule').toEqual([]);
}

/**
 * The test object for every spec: fails a test on an uncaught page error or a console error
 * (STYLE §9: loud tests), except the browser's own report of a refused request the test expects.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/Failed to load resource: the server responded with a status of (4\d\d)/.test(text)) return;
        errors.push(`console.error: ${text}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The tokens of a sign-in (seed §3 token response). */
interface SignInTokens {
  access_token: string;
  refresh_token: string;
  user_id: string;
}

/** The password grant through the API (seed §7) for `person`: checks the 200 and returns its tokens. */
async function passwordGrant(request: APIRequestContext, person: Person): Promise<SignInTokens> {
  const response = await request.post('/api/auth/password', {
    headers: apiHeaders,
    data: { loginIdentifier: person.email, password: person.password, grant_type: 'password', client_id: CLIENT_ID },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payload: SignInTokens }).payload;
}

/** Signs in through the API with the password grant (seed §7) and returns the access token. */
export async function signInThroughApi(request: APIRequestContext, person: Person): Promise<string> {
  return (await passwordGrant(request, person)).access_token;
}

/** One authenticated API call; returns the answer's payload after checking the status. */
export async function callApi<T>(
  request: APIRequestContext,
  accessToken: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  expectedStatus = method === 'POST' && !path.endsWith('/leave') ? 201 : 200,
): Promise<T> {
  const response = await request.fetch(`/api/${path}`, {
    method,
    headers: { ...apiHeaders, authorization: `Bearer ${accessToken}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  expect([expectedStatus, 200, 201, 204], `${method} ${path}: ${text}`).toContain(response.status());
  return (text ? (JSON.parse(text) as { payload: T }).payload : undefined) as T;
}

/** A workspace as GET v1/workspaces lists it. */
export interface WorkspaceSummary {
  id: string;
  name: string;
  workspaceMemberType: string;
  memberId: string;
}

/** The caller's workspaces (GET v1/workspaces). */
export async function listWorkspaces(request: APIRequestContext, accessToken: string): Promise<WorkspaceSummary[]> {
  return (await callApi<{ items: WorkspaceSummary[] }>(request, accessToken, 'GET', 'v1/workspaces?limit=100')).items;
}

/**
 * An owner with their own workspace (sign-up creates "{firstName}'s workspace", PRODUCT §1):
 * the person, an API access token and the workspace.
 */
export async function createOwner(
  request: APIRequestContext,
  firstName = 'Olive',
): Promise<{ person: Person; token: string; workspace: WorkspaceSummary }> {
  const person = await createActivatedPerson(request, newPerson(firstName));
  const token = await signInThroughApi(request, person);
  const [workspace] = await listWorkspaces(request, token);
  return { person, token, workspace: workspace! };
}

/**
 * Makes `person` (already activated) an ACTIVE member of `workspaceId` with `type`: the owner
 * invites them, then their sign-in accepts the invitation (PRODUCT §2: INVITED until first sign-in).
 */
export async function addMember(
  request: APIRequestContext,
  ownerToken: string,
  workspaceId: string,
  person: Person,
  type: 'OWNER' | 'EXECUTIVE' | 'EXECUTIVEASSISTANT' | 'USER' | 'GUEST',
): Promise<string> {
  await callApi(request, ownerToken, 'POST', `v1/workspaces/${workspaceId}/members`, {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    workspaceMemberType: type,
  });
  return signInThroughApi(request, person);
}

/** A contact made through the API (ai specs, issue #11). */
export interface ContactOfWorkspace {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A sent request with both people's answers (ai specs, issue #11). */
export interface AnsweredRequest {
  id: string;
  title: string;
  contacts: [ContactOfWorkspace, ContactOfWorkspace];
}

/**
 * An answered request of `workspaceId`, all through the API (fixtures own their data, issue #11
 * tests): two new contacts (Dana, Lee; unique last names), a request sent by link with a single
 * choice (Lisbon or Austin) and an open question, and both people's answers submitted through
 * their public links — Dana for Lisbon, Lee against it. `confidential` marks the request so.
 */
export async function createAnsweredRequest(
  request: APIRequestContext,
  token: string,
  workspaceId: string,
  options: { title: string; confidential?: boolean },
): Promise<AnsweredRequest> {
  const base = `v1/workspaces/${workspaceId}`;
  const unique = `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  const contacts: ContactOfWorkspace[] = [];
  for (const [firstName, lastName] of [
    ['Dana', 'Reyes'],
    ['Lee', 'Okafor'],
  ] as const) {
    contacts.push(
      await callApi<ContactOfWorkspace>(request, token, 'POST', `${base}/contacts`, {
        firstName,
        lastName: `${lastName}${unique.slice(-6)}`,
        email: `${firstName.toLowerCase()}.${unique}@example.test`,
        company: 'Northwind',
        timeZone: 'Europe/Lisbon',
      }),
    );
  }
  const draft = await callApi<{ id: string; version: number }>(request, token, 'POST', `${base}/question-requests`, {
    title: options.title,
    context: 'Where should the offsite be?',
    items: [
      { kind: 'SINGLE_CHOICE', prompt: 'Where should the offsite be?', options: ['Lisbon', 'Austin'], required: true },
      { kind: 'OPEN_TEXT', prompt: 'What is the main reason for your choice?', required: true },
    ],
    channel: 'LINK',
    confidential: options.confidential ?? false,
    contactIds: contacts.map((contact) => contact.id),
  });
  await callApi(request, token, 'POST', `${base}/question-requests/${draft.id}/send`, { version: draft.version }, 200);
  const sent = await callApi<{
    items: { id: string }[];
    recipients: { contact: { id: string }; link: { url: string } }[];
  }>(request, token, 'GET', `${base}/question-requests/${draft.id}`);
  const answers: Record<string, [choice: string, reason: string]> = {
    [contacts[0]!.id]: ['Lisbon', 'The venue in Lisbon is cheaper and the travel time is shorter for the European leads.'],
    [contacts[1]!.id]: ['Austin', 'I disagree with moving it. The venue in Austin is next to the sales team.'],
  };
  for (const recipient of sent.recipients) {
    const shortUrl = recipient.link.url.split('/').at(-1)!;
    const [choice, reason] = answers[recipient.contact.id]!;
    for (const [index, value] of [choice, reason].entries()) {
      const saved = await request.put(`/api/v1/public/questions/${shortUrl}/answers/${sent.items[index]!.id}`, {
        headers: apiHeaders,
        data: { value },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    const submitted = await request.post(`/api/v1/public/questions/${shortUrl}/submit`, { headers: apiHeaders, data: {} });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  return { id: draft.id, title: options.title, contacts: [contacts[0]!, contacts[1]!] };
}

// ---------------------------------------------------------------------------------------------
// Slack (issue #12): the stand-in Slack process (apps/server/src/test/slack-stand-in.ts) every
// server talks to, driven through its /_control endpoints.

/** The stand-in's address; playwright.config.ts sets it (ports shift with E2E_PORT_OFFSET). */
const SLACK_STAND_IN = process.env.SLACK_STAND_IN_URL ?? 'http://127.0.0.1:4610';
/** The signing secret every server verifies events with (playwright.config.ts). */
const SLACK_SIGNING_SECRET = process.env.SLACK_SIGNING_SECRET_FOR_TESTS ?? '';

/** A person of the stand-in's Slack team. */
export interface SlackStandInUser {
  id: string;
  email: string;
  name: string;
  realName: string;
  tz: string;
  dmClosed: boolean;
}

/** A message the app posted with chat.postMessage, as the stand-in recorded it. */
export interface SlackPostedMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[] | null;
  threadTs: string | null;
}

async function slackControl<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${SLACK_STAND_IN}/_control/${path}`, { method, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `stand-in ${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * A new person in the stand-in's Slack team (POST /_control/users): a unique id and email unless
 * given (the stand-in is shared by every project and run). `dmClosed` = they turned off DMs from apps.
 */
export async function addSlackUser(
  request: APIRequestContext,
  input: { firstName: string; tz?: string; dmClosed?: boolean },
): Promise<SlackStandInUser> {
  const unique = `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const handle = `${input.firstName.toLowerCase()}.${unique.toLowerCase()}`;
  return slackControl<SlackStandInUser>(request, 'POST', 'users', {
    id: `U${unique}`,
    email: `${handle}@example.test`,
    name: handle,
    realName: `${input.firstName} Slack`,
    tz: input.tz ?? 'America/New_York',
    dmClosed: input.dmClosed ?? false,
  });
}

/** A channel of the stand-in's team the bot was invited to (POST /_control/channels); a unique id and name. */
export async function addSlackChannel(request: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const unique = `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  const channel = { id: `C${unique.toUpperCase()}`, name: `${name}-${unique}` };
  await slackControl(request, 'POST', 'channels', { ...channel, botIsMember: true });
  return channel;
}

/** The bot's DM channel with `userId` (the stand-in's rule: D + the id without its U). */
export const slackDmChannelOf = (userId: string) => `D${userId.replace(/^[UW]/, '')}`;

/** Every message the app posted in `channel` (GET /_control/messages), oldest first. */
export async function slackMessagesIn(request: APIRequestContext, channel: string): Promise<SlackPostedMessage[]> {
  return (await slackControl<SlackPostedMessage[]>(request, 'GET', 'messages')).filter((message) => message.channel === channel);
}

/**
 * Has the stand-in send `event` to the server at `baseURL` as Slack does (POST /_control/events):
 * an event_callback envelope of the stand-in's team, signed with the servers' signing secret.
 * Expects the server's 200 acknowledgement.
 */
export async function sendSlackEvent(request: APIRequestContext, baseURL: string, event: Record<string, unknown>): Promise<void> {
  const sent = await slackControl<{ status: number; body: string }>(request, 'POST', 'events', {
    eventsUrl: `${baseURL}/api/slack/events`,
    signingSecret: SLACK_SIGNING_SECRET,
    event,
  });
  expect(sent.status, `events endpoint: ${sent.body}`).toBe(200);
}

/**
 * Waits until this project's server may connect the stand-in's one Slack team (a team is
 * connected to one workspace per server at a time: another workspace's install is 409), and
 * holds it: the returned function lets it go. The hold is a directory created exclusively in the
 * project's output directory, which Playwright empties at the start of every run.
 */
export async function holdSlackTeam(testInfo: TestInfo, timeout = 150_000): Promise<() => void> {
  const outputDir = testInfo.project.outputDir;
  mkdirSync(outputDir, { recursive: true });
  const hold = path.join(outputDir, `slack-team-${testInfo.project.name}.hold`);
  await expect
    .poll(
      () => {
        try {
          mkdirSync(hold);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'another test holds the Slack team of this server', timeout, intervals: [250] },
    )
    .toBe(true);
  return () => rmSync(hold, { recursive: true, force: true });
}

/**
 * Connects the signed-in workspace of `page` to the stand-in's Slack through the UI: Settings →
 * Slack → "Connect Slack" → the stand-in's authorize page → Allow → back on the Slack tab with
 * the toast and the status.
 */
export async function connectSlackThroughUi(page: Page): Promise<void> {
  await page.goto('/workspaces/settings?tab=slack');
  await page.getByRole('button', { name: 'Connect Slack' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /Tandem is requesting permission to access the Acme Office Slack workspace/ }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/workspaces\/settings\?tab=slack$/);
  await expect(page.getByText('Slack connected to Acme Office.')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
}

/** Disconnects the workspace's Slack through the API (cleanup: a no-op when it is not connected). */
export async function disconnectSlackThroughApi(request: APIRequestContext, token: string, workspaceId: string): Promise<void> {
  await callApi(request, token, 'POST', `v1/workspaces/${workspaceId}/slack/disconnect`, undefined, 200);
}
