import { eq } from 'drizzle-orm';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { people } from '../db/schema/index.js';
import { recordAuditEvent } from '../features/audit/audit.js';
import { findPersonByEmail } from '../features/auth/people-repository.js';

const usage =
  'Usage: npm run admin -- grant|revoke <email>\nMakes a person a platform admin (may impersonate others, PRODUCT §5), or takes it back.';

/** `npm run admin -- grant <email>`: the command that makes a platform admin (issue: impersonation). */
async function main(argv: string[]) {
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const person = await findPersonByEmail(database.db, email);
    if (!person) {
      console.error(`No person with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    const isPlatformAdmin = command === 'grant';
    await database.db.update(people).set({ isPlatformAdmin }).where(eq(people.id, person.id));
    await recordAuditEvent(database.db, {
      action: isPlatformAdmin ? 'PLATFORM_ADMIN_GRANTED' : 'PLATFORM_ADMIN_REVOKED',
      actorPersonId: null,
      target: person.email,
    });
    console.log(`${person.email} ${isPlatformAdmin ? 'is now' : 'is no longer'} a platform admin.`);
  } finally {
    await database.close();
  }
}

await main(process.argv.slice(2));
