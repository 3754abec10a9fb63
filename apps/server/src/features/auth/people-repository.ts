import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { people } from '../../db/schema/index.js';

export type PersonRow = typeof people.$inferSelect;

/** The person whose loginIdentifier (lower-cased email) is `email`, if any. */
export async function findPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(people)
    .where(eq(sql`lower(${people.email})`, email.toLowerCase()));
  return row;
}

/** {@link getPersonById}'s read (every profile call), built and prepared once (db/prepared.ts). */
const personByIdStatement = preparedQuery((db) =>
  db
    .select()
    .from(people)
    .where(eq(people.id, sql.placeholder('id')))
    .prepare('person_by_id'),
);

/** The person with id `id`, if any. */
export async function getPersonById(db: Queryable, id: string): Promise<PersonRow | undefined> {
  const [row] = await personByIdStatement(db).execute({ id });
  return row;
}

/** Locks the person's row for the rest of the transaction (serialises code issuance etc.). */
export async function lockPerson(tx: Queryable, id: string): Promise<PersonRow | undefined> {
  const [row] = await tx.select().from(people).where(eq(people.id, id)).for('update');
  return row;
}

/** The signup/activation answer (PRODUCT §4: "payload is the user"). */
export function toSignupUser(person: PersonRow) {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    status: person.status,
  };
}
