import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMail } from '../../apps/server/src/mail/mailer.js';
import { answerUrls, createSentRequest } from '../../apps/server/src/test/question-fixtures.js';
import { createRequestAs, sendRequestAs } from '../../apps/server/src/test/request-fixtures.js';
import { PUBLIC_URL, uniqueEmail, useTestApp } from '../../apps/server/src/test/test-app.js';
import { invite, patch, signUpOwner, urls, type SignedInMember } from '../../apps/server/src/test/workspace-fixtures.js';

/**
 * Issue #14, "stored XSS payloads in every user-written field render inert in the app, the public
 * pages and the mails". Each payload is stored in every field that ends in a mail — a person's
 * names (activation, invitation, question request, follow-up), the workspace name, a contact's
 * first name, a request's title, context and question text, a chat message — and every mail the
 * app then sends is parsed (happy-dom's DOMParser, no script runs): its HTML part may hold only
 * the layout's own tags and attributes (h1, p, a; style, href), every link goes to PUBLIC_URL,
 * and the payload is there as text. The server renders no other HTML: public pages are the web
 * build's index.html as is, and public data is JSON (the web app renders it as text).
 */

const webDist = mkdtempSync(path.join(tmpdir(), 'tandem-xss-dist-'));
const INDEX_HTML = '<!doctype html><title>Tandem</title><div id="root"></div>';
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ webDistDir: webDist });

/** OWASP XSS filter-evasion classics, each short enough for a name field (100 characters). */
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)></iframe>",
  '[click me](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<img/src=x onerror=alert`1`>',
  '{{constructor.constructor("alert(1)")()}}',
  '<body onload=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
];

const ALLOWED_TAGS = new Set(['HTML', 'HEAD', 'BODY', 'H1', 'P', 'A']);
const ALLOWED_ATTRIBUTES = new Set(['style', 'href']);

const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
afterAll(() => window.happyDOM.close());

/** The problems of one mail's HTML part: foreign tags, attributes or links; empty when inert. */
function problemsOf(mail: StoredMail): string[] {
  const html = mail.html ?? '';
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const problems: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(element.tagName)) problems.push(`tag <${element.tagName.toLowerCase()}>`);
    for (const attribute of element.attributes) {
      if (!ALLOWED_ATTRIBUTES.has(attribute.name)) problems.push(`attribute ${attribute.name} on <${element.tagName.toLowerCase()}>`);
      if (attribute.name === 'href' && !(attribute.value ?? '').startsWith(`${PUBLIC_URL}/`)) problems.push(`link ${attribute.value}`);
    }
  }
  return problems;
}

/** The text a reader sees in the mail's HTML part. */
const textOf = (mail: StoredMail) => new window.DOMParser().parseFromString(mail.html ?? '', 'text/html').body.textContent ?? '';

const mailsTo = async (to: string) => {
  await t.drainJobs();
  return t.app.mailer.mailbox.filter((mail) => mail.to === to.toLowerCase());
};

describe('stored XSS payloads in every field that ends in a mail (issue #14)', () => {
  /** Every mail sent for each payload, with what the payload should show up in. */
  const sent: { payload: string; kind: string; mail: StoredMail }[] = [];

  beforeAll(async () => {
    for (const payload of payloads) {
      // Names: the activation mail; later the inviter, asker and sender of the other mails.
      const owner: SignedInMember = await signUpOwner(t, { firstName: payload, lastName: payload });
      for (const mail of await mailsTo(owner.email)) sent.push({ payload, kind: 'activation', mail });
      expect((await patch(t, urls.workspace(owner.workspaceId), { name: payload }, owner.token)).statusCode).toBe(200);

      const inviteeEmail = uniqueEmail('xss-invitee');
      const invited = await invite(t, owner.token, owner.workspaceId, {
        email: inviteeEmail,
        workspaceMemberType: 'USER',
        firstName: payload,
        lastName: payload,
      });
      expect(invited.statusCode, invited.body).toBe(201);
      for (const mail of await mailsTo(inviteeEmail)) sent.push({ payload, kind: 'invitation', mail });

      const contactEmail = uniqueEmail('xss-contact');
      const contact = await t.post(
        `/api/v1/workspaces/${owner.workspaceId}/contacts`,
        { firstName: payload, lastName: payload, email: contactEmail, company: payload, title: payload },
        { token: owner.token },
      );
      expect(contact.statusCode, contact.body).toBe(201);
      const contactId: string = contact.json().payload.id;
      const draft = await createRequestAs(t, owner, {
        title: payload,
        context: payload,
        items: [{ prompt: payload, kind: 'OPEN_TEXT' }],
        contactIds: [contactId],
        channel: 'EMAIL',
      });
      const sentRequest = await sendRequestAs(t, owner, draft.id, draft.version);
      expect(sentRequest.statusCode, sentRequest.body).toBe(200);
      const message = await t.post(
        `/api/v1/workspaces/${owner.workspaceId}/contacts/${contactId}/messages`,
        { body: `${payload}\n\n${payload}`, requestId: draft.id },
        { token: owner.token },
      );
      expect(message.statusCode, message.body).toBe(201);
      const reminded = await t.post(answerUrls.remind(owner.workspaceId, draft.id), {}, { token: owner.token });
      expect(reminded.statusCode, reminded.body).toBe(200);
      const contactMails = await mailsTo(contactEmail);
      expect(contactMails.length, 'question request, follow-up and reminder').toBeGreaterThanOrEqual(3);
      for (const mail of contactMails) sent.push({ payload, kind: 'to the contact', mail });
    }
  });

  it('sent mails of every kind for every payload (activation, invitation, question request, follow-up, reminder)', () => {
    expect(sent.length).toBeGreaterThanOrEqual(payloads.length * 5);
    for (const payload of payloads) {
      const subjects = sent.filter((entry) => entry.payload === payload).map((entry) => entry.mail.subject);
      expect(
        subjects.some((subject) => /activation code/.test(subject)),
        payload,
      ).toBe(true);
      expect(
        subjects.some((subject) => /invited you/.test(subject)),
        payload,
      ).toBe(true);
      expect(
        subjects.some((subject) => subject.includes(' asks: ')),
        payload,
      ).toBe(true);
      expect(
        subjects.some((subject) => subject.includes('sent you a message')),
        payload,
      ).toBe(true);
      expect(
        subjects.some((subject) => subject.startsWith('Reminder: ')),
        payload,
      ).toBe(true);
    }
  });

  it('every mail’s HTML holds only the layout’s tags, attributes and PUBLIC_URL links', () => {
    const problems = sent.flatMap((entry) => problemsOf(entry.mail).map((problem) => `${entry.kind} "${entry.mail.subject}": ${problem}`));
    expect(problems).toEqual([]);
  });

  it('the payload is in each mail as text, escaped, not dropped', () => {
    for (const entry of sent) {
      expect(textOf(entry.mail), `${entry.kind}: ${entry.mail.subject}`).toContain(entry.payload);
      expect(entry.mail.text, `${entry.kind} text part`).toContain(entry.payload);
    }
  });

  it('the checker itself flags live markup (the control)', () => {
    const live = (html: string) => problemsOf({ ...sent[0]!.mail, html });
    expect(live('<p>Hello <script>alert(1)</script></p>')).toContain('tag <script>');
    expect(live('<p><img src=x onerror=alert(1)></p>')).toEqual(expect.arrayContaining(['tag <img>', 'attribute onerror on <img>']));
    expect(live('<p><a href="javascript:alert(1)">x</a></p>')).toContain('link javascript:alert(1)');
    expect(live(`<p><a href="${PUBLIC_URL}/q/abc" style="color:red">ok</a></p>`)).toEqual([]);
  });
});

describe('server-rendered HTML (issue #14)', () => {
  it('public pages are the web build’s index.html as is; public data is JSON with nosniff', async () => {
    const owner = await signUpOwner(t);
    const request = await createSentRequest(t, owner, {
      title: payloads[0],
      context: payloads[1],
      recipients: [{ firstName: payloads[2]! }],
    });
    const recipient = request.recipients[0]!;
    const page = await t.app.inject({ method: 'GET', url: `/q/${recipient.shortUrl}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
    const data = await t.get(recipient.url);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    expect(data.headers['x-content-type-options']).toBe('nosniff');
    // Stored as written (the web app renders text, never HTML); JSON escapes nothing it need not.
    expect(data.json().payload).toMatchObject({ title: payloads[0], context: payloads[1], recipientFirstName: payloads[2] });
  });
});
