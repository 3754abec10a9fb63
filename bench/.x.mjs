import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (;;) { try { const r = await fetch('http://127.0.0.1:3420/readyz'); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 20)); }
const t0 = Date.now();
await page.goto('http://127.0.0.1:3420/auth/login');
await page.getByLabel(/email/i).fill('executive@tandem.local');
await page.getByLabel(/password/i).first().fill('demo tandem executive 2026');
await page.getByRole('button', { name: /sign in/i }).first().click();
await page.getByRole('heading', { level: 1 }).first().waitFor();
await page.waitForURL(/dashboard/);
await page.waitForTimeout(1500);
console.log('signed in after', Date.now() - t0, 'ms', page.url());
await page.screenshot({ path: '/tmp/uc-dashboard.png' });
await browser.close();
