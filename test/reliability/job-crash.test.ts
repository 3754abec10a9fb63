import { describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../../apps/server/src/mail/mail-jobs.js';
import type { Mailer } from '../../apps/server/src/mail/mailer.js';
import { STRONG_PASSWORD, uniqueEmail, useTestApp } from '../../apps/server/src/test/test-app.js';

/**
 * Issue #14, "a job whose handler crashes mid-way is retried and delivers once": the mail job
 * (mail/mail-jobs.ts) reads its delivery record, then the SMTP transport dies under it (a throw
 * after part of the work). pg-boss fails the attempt and retries it; the mail goes out exactly
 * once. In-process (the real app on PostgreSQL, TEST_DATABASE_URL); a worker process killed
 * mid-delivery is apps/server/src/mail/mail-restart.test.ts.
 */

const t = useTestApp();

describe('a mail job that crashes mid-way (issue #14)', () => {
  it('is retried and delivers once', async () => {
    const mailer: Mailer = t.app.mailer;
    const send = mailer.send.bind(mailer);
    let attempts = 0;
    mailer.send = async (message, options) => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('socket hang up (the SMTP connection died mid-delivery)'), { code: 'ECONNRESET' });
      return send(message, options);
    };
    try {
      const email = uniqueEmail('crash');
      const signup = await t.post('/api/v1/signup', {
        firstName: 'Casey',
        lastName: 'Crash',
        loginIdentifier: email,
        password: STRONG_PASSWORD,
      });
      expect(signup.statusCode).toBe(201);
      // The first retry waits 5 s and more (retryDelay 5 with backoff, mail-jobs.ts).
      await t.drainJobs([MAIL_QUEUE], 60_000);
      expect(attempts).toBe(2);
      expect(await t.mailCount(email)).toBe(1);
      const { rows } = await t.app.database.executeSql(
        `select state, retry_count from pgboss.job where name = $1 and data->'message'->>'to' = $2`,
        [MAIL_QUEUE, email],
      );
      expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      mailer.send = send;
    }
  });
});
