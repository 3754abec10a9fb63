import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailDeliveries, people } from '../db/schema/index.js';
import { STRONG_PASSWORD, uniqueEmail, useTestApp } from '../test/test-app.js';
import { MAIL_QUEUE, sweepMailDeliveries } from './mail-jobs.js';
import type { StoredMail } from './mailer.js';

const t = useTestApp();

const messageTo = (to: string) => ({ to, subject: 'Hello', text: 'Hello there', html: '<p>Hello there</p>' });

describe('the mail queue', () => {
  it('sends an enqueued mail once, with a Message-ID made from its message id, and records the delivery', async () => {
    const to = uniqueEmail('queued');
    const sent: StoredMail[] = [];
    const onSent = (mail: StoredMail) => sent.push(mail);
    t.app.mailer.on('sent', onSent);
    try {
      const messageId = await t.db.transaction((tx) => t.app.mailOutbox.enqueue(tx, messageTo(to)));
      expect(await t.mailCount(to)).toBe(1);
      expect(sent.map((mail) => mail.to)).toEqual([to]);
      expect((await t.latestMail(to))?.messageId).toBe(`<${messageId}@tandem.test>`);
      const [delivery] = await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.messageId, messageId));
      expect(delivery?.recipient).toBe(to);

      // The same message id enqueued again (a producer retrying) is not sent again.
      await t.db.transaction((tx) => t.app.mailOutbox.enqueue(tx, messageTo(to), { messageId }));
      expect(await t.mailCount(to)).toBe(1);
    } finally {
      t.app.mailer.off('sent', onSent);
    }
  });

  it('never sends a message whose delivery is already recorded (a job run again after the transport accepted)', async () => {
    const to = uniqueEmail('recorded');
    const messageId = crypto.randomUUID();
    await t.db.insert(mailDeliveries).values({ messageId, recipient: to });
    await t.db.transaction((tx) => t.app.mailOutbox.enqueue(tx, messageTo(to), { messageId }));
    expect(await t.mailCount(to)).toBe(0);
    const { rows } = await t.app.database.executeSql(`select state from pgboss.job where name = $1 and id = $2`, [MAIL_QUEUE, messageId]);
    expect(rows[0]?.state).toBe('completed');
  });

  it('mails nothing when the transaction that enqueued the mail rolls back', async () => {
    const to = uniqueEmail('rolled-back');
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mailOutbox.enqueue(tx, messageTo(to));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.mailCount(to)).toBe(0);
  });

  it('a blank job (nobody to mail) completes without sending', async () => {
    const before = t.app.mailer.mailbox.length;
    const messageId = await t.db.transaction((tx) => t.app.mailOutbox.enqueue(tx, null));
    await t.drainJobs();
    expect(t.app.mailer.mailbox.length).toBe(before);
    expect(await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.messageId, messageId))).toEqual([]);
  });

  it('a sign-up whose transaction rolls back at commit mails nothing', async () => {
    // A deferred trigger fails the commit itself, after the activation mail was enqueued.
    await t.db.execute(
      sql.raw(`create function test_refuse_doomed() returns trigger language plpgsql as $$
        begin if new.email like 'doomed.%' then raise exception 'doomed sign-up'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create constraint trigger test_refuse_doomed after insert on people
        deferrable initially deferred for each row execute function test_refuse_doomed()`),
    );
    try {
      const email = uniqueEmail('doomed');
      const response = await t.post('/api/v1/signup', {
        firstName: 'Robin',
        lastName: 'Example',
        loginIdentifier: email,
        password: STRONG_PASSWORD,
      });
      expect(response.statusCode).toBe(500);
      expect(await t.mailCount(email)).toBe(0);
      expect(await t.db.select().from(people).where(eq(people.email, email))).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger test_refuse_doomed on people'));
      await t.db.execute(sql.raw('drop function test_refuse_doomed'));
    }
  });
});

describe('sweepMailDeliveries', () => {
  it('deletes delivery records older than 30 days, in batches, and keeps the recent ones', async () => {
    await t.db.execute(
      sql`insert into mail_deliveries (message_id, recipient, sent_at)
          select 'sweep-old-' || g, 'old@example.test', now() - interval '31 days' from generate_series(1, 2500) g`,
    );
    await t.db.insert(mailDeliveries).values([
      { messageId: 'sweep-recent-1', recipient: 'recent@example.test', sentAt: new Date(Date.now() - 29 * 24 * 60 * 60_000) },
      { messageId: 'sweep-recent-2', recipient: 'recent@example.test' },
    ]);
    expect(await sweepMailDeliveries(t.db)).toBe(2500);
    const left = await t.db.select().from(mailDeliveries).where(like(mailDeliveries.messageId, 'sweep-%'));
    expect(left.map((row) => row.messageId).sort()).toEqual(['sweep-recent-1', 'sweep-recent-2']);
  });
});
