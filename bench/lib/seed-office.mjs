// A realistic office for the API benchmarks (bench/api-floor.mjs, bench/load/run.mjs), seeded
// set-based in SQL: a workspace of five members, 200 tasks, 20 briefs, 40 contacts, 30 question
// requests with recipients and answers (one SENT request answered through real public links), 120
// activity items.
import { randomBytes, randomUUID } from 'node:crypto';
import { seedSignedInMember } from './list-bench.mjs';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A public link id as the app makes them: 22 base62 characters (PRODUCT §5). */
export const publicId = () => [...randomBytes(22)].map((byte) => BASE62[byte % 62]).join('');

/**
 * Seeds a realistic office through `db` (a `pg` pool or client, or PGlite): the EXECUTIVEASSISTANT
 * who signs in with `email`/`password`, four more members, 200 tasks, 20 briefs, 40 contacts,
 * 30 question requests with recipients and answers, and one SENT request of five items whose five
 * recipients have real public links; 120 activity items. Tables are analysed afterwards.
 * @returns `{ workspaceId, memberId, briefId, requestId, linkId, links, itemId, items, recipientIds }`.
 */
export async function seedOffice(db, { email, password }) {
  const { workspaceId, memberId } = await seedSignedInMember(db, { email, password, lastName: 'Assistant', type: 'EXECUTIVEASSISTANT' });
  const members = [memberId];
  for (const [index, type] of ['EXECUTIVE', 'USER', 'USER', 'GUEST'].entries()) {
    const {
      rows: [person],
    } = await db.query(
      `insert into people (id, first_name, last_name, email, status) values (gen_random_uuid(), 'Member', $1, $2, 'ACTIVE') returning id`,
      [String(index), `bench.floor.member.${index}@tandem.local`],
    );
    const {
      rows: [member],
    } = await db.query(
      `insert into workspace_members (id, workspace_id, person_id, workspace_member_type) values (gen_random_uuid(), $1, $2, $3) returning id`,
      [workspaceId, person.id, type],
    );
    members.push(member.id);
  }
  const memberArray = `{${members.join(',')}}`;
  await db.query(
    `insert into tasks (id, workspace_id, title, notes, status, priority, due_date, assignee_member_id, created_by_member_id, version, completed_at, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Budget','Review','Call','Draft','Book','Prepare','Send','Plan'])[1 + i % 8] || ' ' ||
         (array['board deck','contract','flights','agenda','offsite','speech','invoice','report'])[1 + (i / 8) % 8] || ' #' || i,
       case when i % 3 = 0 then 'Notes for task ' || i || ' about the quarterly numbers' else '' end,
       s.status, (array['LOW','MEDIUM','HIGH','URGENT'])[1 + (i * 7) % 4]::task_priority,
       case when i % 5 = 0 then null else current_date + ((i * 37) % 60 - 20) end,
       case when i % 6 = 0 then null else ($2::uuid[])[1 + (i / 3) % 4] end,
       ($2::uuid[])[1 + (i * 3) % 2], 1 + i % 4,
       case when s.status = 'DONE' then now() - ((i % 90) || ' days')::interval end,
       now() - ((i % 60) || ' days')::interval, now() - ((i * 17 % 86400) || ' minutes')::interval
     from generate_series(1, 200) as i
     cross join lateral (select (array['TODO','IN_PROGRESS','WAITING','DONE'])[1 + (i * 11) % 4]::task_status as status) s`,
    [workspaceId, memberArray],
  );
  await db.query(
    `insert into briefs (id, workspace_id, title, meeting_at, meeting_time_zone, sections, status, ready_at, confidential, version,
       need_more_count, need_more_at, created_by_member_id, updated_by_member_id, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Board prep','Investor call','Supplier negotiation','Offsite planning','Daily brief'])[1 + i % 5] || ' #' || i,
       now() + ((i * 37 % 400 - 100) || ' hours')::interval, 'Europe/Paris',
       (select jsonb_agg(jsonb_build_object(
          'id', gen_random_uuid(), 'heading', 'Section ' || s, 'body', repeat('Some **markdown** about the meeting. ', 6),
          'guidance', '', 'mark', case when (i + s) % 3 = 0 then 'READ' end, 'markNote', null,
          'markedAt', case when (i + s) % 3 = 0 then to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end, 'markedByMemberId', null))
        from generate_series(1, 5) as s),
       (array['DRAFT','READY','ACKNOWLEDGED'])[1 + i % 3]::brief_status, case when i % 3 <> 0 then now() end,
       false, 1 + i % 5, 0, null, $2, $2, now() - ((i % 30) || ' days')::interval, now() - ((i * 17 % 43200) || ' minutes')::interval
     from generate_series(1, 20) as i`,
    [workspaceId, memberId],
  );
  await db.query(
    `insert into contacts (id, workspace_id, first_name, last_name, email, company, working_hours)
     select gen_random_uuid(), $1, 'Vera' || i, 'Palmer', 'vp' || i || '@example.test', 'Acme', '{"start":"09:00","end":"17:00","days":[1,2,3,4,5]}'::jsonb
     from generate_series(1, 40) as i`,
    [workspaceId],
  );
  await db.query(
    `insert into question_requests (id, workspace_id, title, context, items, due_date, time_zone, channel, contact_ids, status, version,
       sent_at, closed_at, created_by_member_id, updated_by_member_id, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Board meeting prep','Investor update','Offsite logistics','Hiring check-in','Budget review'])[1 + i % 5] || ' #' || i,
       'Context for the recipients.',
       (select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'prompt', 'Question ' || s, 'kind', 'OPEN_TEXT', 'options', '[]'::jsonb, 'required', true))
        from generate_series(1, 3) as s),
       current_date + (i % 20 - 5), 'Europe/Paris', 'LINK', '[]'::jsonb,
       (array['DRAFT','SENT','CLOSED'])[1 + i % 3]::question_request_status, 1 + i % 5,
       case when i % 3 <> 0 then now() - ((i % 30) || ' days')::interval end,
       case when i % 3 = 2 then now() - ((i % 10) || ' days')::interval end,
       $2, $2, now() - ((i % 60) || ' days')::interval, now() - ((i * 17 % 43200) || ' minutes')::interval
     from generate_series(1, 29) as i`,
    [workspaceId, memberId],
  );
  await db.query(
    `insert into question_recipients (id, workspace_id, request_id, contact_id, channel, link_id, state, sent_at)
     select gen_random_uuid(), r.workspace_id, r.id, c.id, 'LINK', md5(r.id::text || c.id::text),
       (array['PENDING','OPENED','PARTIAL','ANSWERED'])[1 + (abs(hashtext(r.id::text || c.id::text)) % 4)]::recipient_state, r.sent_at
     from question_requests r
     cross join lateral (select id from contacts where workspace_id = r.workspace_id order by md5(id::text || r.id::text) limit 5) c
     where r.workspace_id = $1 and r.status <> 'DRAFT'`,
    [workspaceId],
  );
  await db.query(
    `insert into question_answers (id, workspace_id, request_id, recipient_id, item_id, value, late, via, submitted_at, updated_at)
     select gen_random_uuid(), q.workspace_id, q.request_id, q.id, (item->>'id')::uuid, to_jsonb('An answer about ' || r.title), false, 'LINK', now(), now()
     from question_recipients q join question_requests r on r.id = q.request_id
     cross join lateral jsonb_array_elements(r.items) item
     where q.workspace_id = $1 and q.state in ('PARTIAL', 'ANSWERED')`,
    [workspaceId],
  );
  await db.query(
    `update question_requests r set contact_ids = (select jsonb_agg(contact_id) from question_recipients q where q.request_id = r.id)
     where r.workspace_id = $1 and r.status <> 'DRAFT'`,
    [workspaceId],
  );
  // The request the public calls use: SENT, five items of mixed kinds, five recipients with real links.
  const items = [
    { id: randomUUID(), prompt: 'What went well?', kind: 'OPEN_TEXT', options: [], required: true },
    { id: randomUUID(), prompt: 'How confident are you?', kind: 'SCALE_1_5', options: [], required: true },
    { id: randomUUID(), prompt: 'Which market?', kind: 'SINGLE_CHOICE', options: ['Europe', 'Asia', 'Americas'], required: true },
    { id: randomUUID(), prompt: 'Can you attend?', kind: 'YES_NO', options: [], required: false },
    { id: randomUUID(), prompt: 'When?', kind: 'DATE', options: [], required: false },
  ];
  const {
    rows: [request],
  } = await db.query(
    `insert into question_requests (id, workspace_id, title, context, items, due_date, time_zone, remind_after_days, status, sent_at, created_by_member_id, updated_by_member_id)
     values (gen_random_uuid(), $1, 'Board prep', 'Before Thursday, please.', $2, current_date + 7, 'Europe/Paris', 2, 'SENT', now(), $3, $3) returning id`,
    [workspaceId, JSON.stringify(items), memberId],
  );
  const { rows: people } = await db.query(`select id from contacts where workspace_id = $1 order by email limit 5`, [workspaceId]);
  const links = [];
  const recipientIds = [];
  for (const contact of people) {
    const recipientId = randomUUID();
    const linkId = publicId();
    await db.query(
      `insert into public_links (id, workspace_id, subject_type, subject_id, label, created_by_member_id) values ($1, $2, 'RECIPIENT', $3, 'bench', $4)`,
      [linkId, workspaceId, recipientId, memberId],
    );
    await db.query(
      `insert into question_recipients (id, workspace_id, request_id, contact_id, channel, link_id, sent_at) values ($1, $2, $3, $4, 'LINK', $5, now())`,
      [recipientId, workspaceId, request.id, contact.id, linkId],
    );
    links.push(linkId);
    recipientIds.push(recipientId);
  }
  await db.query(`update question_requests set contact_ids = $2 where id = $1`, [request.id, JSON.stringify(people.map((p) => p.id))]);
  await db.query(
    `insert into activity_items (id, workspace_id, kind, actor_member_id, task_id, subject, created_at)
     select gen_random_uuid(), t.workspace_id, 'TASK_CREATED', t.created_by_member_id, t.id, jsonb_build_object('taskId', t.id::text, 'title', t.title),
       now() - ((row_number() over (order by t.id)) || ' minutes')::interval
     from (select * from tasks where workspace_id = $1 order by id limit 120) t`,
    [workspaceId],
  );
  const {
    rows: [brief],
  } = await db.query(`select id from briefs where workspace_id = $1 and status = 'READY' order by id limit 1`, [workspaceId]);
  for (const table of ['tasks', 'briefs', 'question_requests', 'question_recipients', 'question_answers', 'activity_items'])
    await db.query(`analyze ${table}`);
  return {
    workspaceId,
    memberId,
    briefId: brief.id,
    requestId: request.id,
    linkId: links[0],
    links,
    itemId: items[0].id,
    items,
    recipientIds,
  };
}
