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
  { name: 'home', path: '/', signedIn: true },
];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

if (!(await buildIfNeeded())) process.exit(1);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tandem-screens-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
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
      for (const screen of screens) {
        if (screen.signedIn) {
          await page.goto('/auth/login');
          await page.getByLabel('Email').fill(demo.email);
          await page.getByLabel('Password', { exact: true }).fill(demo.password);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await page.waitForURL(`${base}/`);
          await chooseTheme(page, colorScheme === 'dark' ? 'Dark blue' : 'Tandem (default)');
        } else {
          await page.goto(screen.path);
          await screen.prepare?.(page, `${viewportName}.${colorScheme}`);
        }
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${screen.name}-${viewportName}-${colorScheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
      }
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
  await page.getByRole('radio', { name: label }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radiogroup', { name: 'Theme' }).waitFor({ state: 'detached' });
}
