/* global document, window */
// `npm run screenshots`: every screen at desktop (1280 px) and phone (390 px) width, light and
// dark, into .test-results/screenshots/ for a person to look at; the desktop light login screen
// also becomes docs/screenshot.png (the README's picture). Starts the built server on a fresh
// embedded database with the demo workspace, in the system's Chromium.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildIfNeeded, root } from './lib.mjs';

const port = 3290;
const base = `http://127.0.0.1:${port}`;
const outDir = path.join(root, '.test-results/screenshots');
const demo = { email: 'executive@tandem.local', password: 'demo tandem executive 2026' };

const screens = [
  { name: 'login', path: '/auth/login' },
  { name: 'passwordless', path: '/auth/passwordless' },
  {
    name: 'verify',
    path: '/auth/passwordless',
    prepare: async (page, unique) => {
      await page.getByLabel('Email').fill(`avery.${unique}@example.test`); // a fresh address: one code per 60 s
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.waitForURL(/\/auth\/verify/);
    },
  },
  { name: 'forgot-password', path: '/auth/forgot-password' },
  { name: 'new-password', path: '/auth/new-password?code=not-a-real-code' },
  { name: 'register', path: '/register' },
  {
    name: 'register-activation',
    path: '/register',
    prepare: async (page, unique) => {
      await page.getByLabel('First name').fill('Jordan');
      await page.getByLabel('Last name').fill('Reyes');
      await page.getByLabel('Email').fill(`jordan.${unique}@example.test`);
      await page.getByLabel('Password', { exact: true }).fill('willow harbor lantern 2026');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    },
  },
  { name: 'not-found', path: '/no-such-page' },
  {
    name: 'dashboard-home',
    path: '/dashboard/home',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('figure', { name: 'Open tasks by assignee' }).or(page.getByText('No open tasks.')).first().waitFor();
      // The charts draw once scrolled near (LazyBarChart): scroll to each, wait for its drawing, back to the top.
      for (const chart of await page.getByRole('figure').all()) {
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('svg').first().waitFor();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  { name: 'dashboard-old', path: '/dashboard/old', signedIn: true },
  { name: 'settings-general', path: '/workspaces/settings', signedIn: true },
  { name: 'settings-members', path: '/workspaces/settings?tab=members', signedIn: true },
  {
    name: 'settings-invite',
    path: '/workspaces/settings?tab=members',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Invite member' }).click();
      await page.getByRole('dialog', { name: 'Invite a member' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'settings-subscription', path: '/workspaces/settings?tab=subscription', signedIn: true },
  {
    name: 'settings-change-plan',
    path: '/workspaces/settings?tab=subscription',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Change plan' }).click();
      await page.getByRole('dialog', { name: 'Change plan' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'briefs', path: '/executive-briefs', signedIn: true },
  { name: 'questions-hub', path: '/questions', signedIn: true },
  { name: 'questions-list', path: '/questions/list', signedIn: true },
  { name: 'people', path: '/questions/people', signedIn: true },
  { name: 'questions-generate', path: '/questions/generate', signedIn: true },
  { name: 'summaries', path: '/questions/summaries', signedIn: true },
  { name: 'summaries-new', path: '/questions/summaries/new', signedIn: true },
  {
    name: 'summary',
    path: '/questions/summaries',
    signedIn: true,
    prepare: async (page) => {
      // The demo's summary of the board answers (seed/demo.ts).
      await page.getByRole('link', { name: 'Q3 numbers so far' }).click();
      await page.getByRole('heading', { name: 'Q3 numbers so far' }).waitFor();
    },
  },
  { name: 'account', path: '/account', signedIn: true },
  { name: 'tasks-list', path: '/tasks', signedIn: true },
  { name: 'tasks-board', path: '/tasks?view=board', signedIn: true },
  {
    name: 'tasks-drawer',
    path: '/tasks',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('list', { name: 'Tasks' }).getByRole('button').first().click();
      await page.getByRole('dialog', { name: /task/i }).getByLabel('Title').waitFor();
      await page.waitForTimeout(400);
    },
  },
  { name: 'tasks-new', path: '/tasks/new', signedIn: true },
  {
    name: 'activity-panel',
    path: '/',
    signedIn: true,
    prepare: async (page, unique) => {
      // Once, make the assistant a User and back: two fresh items above the demo history.
      if (unique === 'desktop.light') await toggleAssistantType(page);
      await page.getByRole('button', { name: /activity/ }).click();
      await page.getByRole('dialog', { name: 'Activity' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
  {
    name: 'workspace-switcher',
    path: '/',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: /switch workspace/ }).click();
      await page.getByRole('menuitem', { name: 'Create workspace' }).waitFor();
      await page.waitForTimeout(400);
    },
  },
];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

if (!(await buildIfNeeded())) process.exit(1);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tandem-screens-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

async function waitReady() {
  for (let i = 0; i < 150; i += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await waitReady();
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme, baseURL: base, serviceWorkers: 'block' });
      const page = await context.newPage();
      let isSignedIn = false;
      for (const screen of screens) {
        if (screen.signedIn && isSignedIn) {
          await page.goto(screen.path);
          await page.getByRole('button', { name: 'Account menu' }).waitFor();
          await screen.prepare?.(page, `${viewportName}.${colorScheme}`);
        } else if (screen.signedIn) {
          isSignedIn = true;
          await page.goto('/auth/login');
          await page.getByLabel('Email').fill(demo.email);
          await page.getByLabel('Password', { exact: true }).fill(demo.password);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await page.waitForURL(`${base}/dashboard/home`);
          await chooseTheme(page, colorScheme === 'dark' ? 'Dark blue' : 'Tandem');
          if (screen.path !== '/dashboard/home') await page.goto(screen.path);
          await screen.prepare?.(page, `${viewportName}.${colorScheme}`);
        } else {
          await page.goto(screen.path);
          await screen.prepare?.(page, `${viewportName}.${colorScheme}`);
        }
        if (screen.signedIn) {
          // The live activity stream keeps a request open, so "network idle" never comes: wait for
          // the loading skeletons (role status) to go instead. Empty status regions are live
          // regions that stay (the charts' keyboard announcer), not loading.
          await page.waitForFunction(
            () => !document.querySelector('main [role=status]:not(:empty), [role=dialog] [role=status]:not(:empty)'),
          );
          await page.waitForTimeout(500);
        } else {
          await page.waitForLoadState('networkidle');
        }
        const file = path.join(outDir, `${screen.name}-${viewportName}-${colorScheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
      }
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(outDir, `account-menu-${viewportName}-${colorScheme}.png`) });
      await page.getByRole('menuitem', { name: /Theme/ }).click();
      await page.getByRole('radiogroup', { name: 'Theme' }).waitFor();
      await page.waitForTimeout(500); // let the menu fade out and the dialog fade in
      await page.screenshot({ path: path.join(outDir, `theme-dialog-${viewportName}-${colorScheme}.png`) });
      await context.close();
    }
  }
  copyFileSync(path.join(outDir, 'login-desktop-light.png'), path.join(root, 'docs/screenshot.png'));
  console.log(`screenshots in ${path.relative(root, outDir)}/`);
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Picks a theme from the account menu, as a signed-in user would (it is kept on the profile). */
async function chooseTheme(page, label) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Theme/ }).click();
  await page.getByRole('radio', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radiogroup', { name: 'Theme' }).waitFor({ state: 'detached' });
}

/** Changes the demo assistant's type to USER and back through the API, as the signed-in executive. */
async function toggleAssistantType(page) {
  await page.evaluate(async () => {
    const workspaceId = localStorage.getItem('currentOrganization');
    const headers = {
      'content-type': 'application/json',
      'x-client-id': 'tandem-web',
      authorization: `Bearer ${localStorage.getItem('accessToken')}`,
    };
    const members = await (await fetch(`/api/v1/workspaces/${workspaceId}/members`, { headers })).json();
    const assistant = members.payload.items.find((member) => member.workspaceMemberType === 'EXECUTIVEASSISTANT');
    if (!assistant) return;
    for (const workspaceMemberType of ['USER', 'EXECUTIVEASSISTANT']) {
      await fetch(`/api/v1/workspaces/${workspaceId}/members/${assistant.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ workspaceMemberType }),
      });
    }
  });
}
