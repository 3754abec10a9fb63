import type { MailMessage } from './mailer.js';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => htmlEscapes[ch]!);

/** A minimal HTML body: a title, an optional code or button, then paragraphs. */
function layout(title: string, paragraphs: string[], extra: { code?: string; action?: { label: string; href: string } } = {}): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const code = extra.code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:8px 0 24px">${escapeHtml(extra.code)}</p>`
    : '';
  const action = extra.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(extra.action.href)}" style="background:#2454d6;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(extra.action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#1a2233;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${code}${action}${body}<p style="color:#667085;font-size:12px">Tandem</p></body></html>`;
}

/** Activation code mail (PRODUCT §5: valid 24 hours). */
export function activationMail(to: string, firstName: string, code: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Your Tandem activation code is ${code}.`,
    'It is valid for 24 hours. If you did not sign up, ignore this message.',
  ];
  return {
    to,
    subject: `${code} is your Tandem activation code`,
    text: lines.join('\n\n'),
    html: layout('Activate your Tandem account', [lines[0]!, lines[2]!], { code }),
  };
}

/** Passwordless sign-in code mail (PRODUCT §5: valid 10 minutes). */
export function signInCodeMail(to: string, code: string): MailMessage {
  const lines = [`Your Tandem sign-in code is ${code}.`, 'It is valid for 10 minutes. If you did not ask for it, ignore this message.'];
  return {
    to,
    subject: `${code} is your Tandem sign-in code`,
    text: lines.join('\n\n'),
    html: layout('Sign in to Tandem', [lines[1]!], { code }),
  };
}

/** Password reset link mail (PRODUCT §5: valid 60 minutes; link built from PUBLIC_URL). */
export function passwordResetMail(to: string, link: string): MailMessage {
  const lines = [
    'Someone asked to reset the password of your Tandem account.',
    `Set a new password here: ${link}`,
    'The link is valid for 60 minutes and works once. If it was not you, ignore this message.',
  ];
  return {
    to,
    subject: 'Reset your Tandem password',
    text: lines.join('\n\n'),
    html: layout('Reset your password', [lines[0]!, lines[2]!], {
      action: { label: 'Set a new password', href: link },
    }),
  };
}

/**
 * Invitation to a workspace (PRODUCT §3 Members tab). The link opens sign-in by code, built from
 * PUBLIC_URL (PRODUCT §5); the first sign-in turns the invitation into an active membership.
 */
export function invitationMail(
  to: string,
  input: { inviterName: string; workspaceName: string; memberTypeLabel: string; link: string },
): MailMessage {
  const lines = [
    `${input.inviterName} invited you to the workspace "${input.workspaceName}" on Tandem as ${input.memberTypeLabel}.`,
    `Sign in with a code sent to this address to join: ${input.link}`,
    'No password is needed. If you did not expect this invitation, ignore this message.',
  ];
  return {
    to,
    subject: `${input.inviterName} invited you to ${input.workspaceName} on Tandem`,
    text: lines.join('\n\n'),
    html: layout(`Join ${input.workspaceName} on Tandem`, [lines[0]!, lines[2]!], {
      action: { label: 'Sign in to join', href: input.link },
    }),
  };
}

/**
 * A member's follow-up to a contact (issue #10 chat): their message, and the link of the
 * contact's answer page, where they read the thread and reply. Everything the member wrote is
 * escaped by layout(); the text part is plain text.
 */
export function followUpMail(
  to: string,
  input: { senderName: string; workspaceName: string; requestTitle: string; body: string; link: string },
): MailMessage {
  const intro = `${input.senderName} (${input.workspaceName}) sent you a message about "${input.requestTitle}":`;
  const outro = 'Reply on your answer page; your answers there are kept as they are.';
  return {
    to,
    subject: `${input.senderName} sent you a message about "${input.requestTitle}"`,
    text: [intro, input.body, `Read and reply: ${input.link}`, outro].join('\n\n'),
    html: layout(`A message from ${input.senderName}`, [intro, ...input.body.split(/\n+/), outro], {
      action: { label: 'Read and reply', href: input.link },
    }),
  };
}

/**
 * A question request to one recipient (issue #10): who asks, the context, how many questions, the
 * due date, and their own answer link (`${PUBLIC_URL}/q/{shortUrl}`). Everything the sender wrote
 * is escaped by layout(); the text part is plain text.
 */
export function questionRequestMail(
  to: string,
  input: {
    askerFirstName: string;
    workspaceName: string;
    recipientFirstName: string;
    title: string;
    context: string;
    questionCount: number;
    /** The due date as people read it ("Friday, December 4, 2026"), or null. */
    dueDate: string | null;
    link: string;
  },
): MailMessage {
  const questions = input.questionCount === 1 ? '1 question' : `${input.questionCount} questions`;
  const lines = [
    `Hello ${input.recipientFirstName},`,
    `${input.askerFirstName} (${input.workspaceName}) asks you ${questions}: ${input.title}.`,
    ...(input.context ? [input.context] : []),
    input.dueDate ? `Please answer by ${input.dueDate}.` : 'Please answer when you can.',
    `Answer here: ${input.link}`,
    'Your answers are saved as you go; you can come back to the link and change them until the request closes.',
  ];
  const htmlLines = lines.filter((line) => !line.startsWith('Answer here: '));
  return {
    to,
    subject: `${input.askerFirstName} asks: ${input.title}`,
    text: lines.join('\n\n'),
    html: layout(input.title, htmlLines, { action: { label: 'Answer the questions', href: input.link } }),
  };
}

/**
 * A reminder to answer a question request (issue #10 reminders): the person's link, built from
 * PUBLIC_URL (/q/{shortUrl}), and the due date when there is one. Names and title are the office's
 * words: escaped in the HTML body, plain in the text body.
 */
export function questionReminderMail(
  to: string,
  input: { firstName: string; workspaceName: string; askedByFirstName: string | null; title: string; dueDate: string | null; link: string },
): MailMessage {
  const asker = input.askedByFirstName ? `${input.askedByFirstName} (${input.workspaceName})` : input.workspaceName;
  const lines = [
    `Hi ${input.firstName}, ${asker} is still waiting for your answers to "${input.title}".`,
    `Answer here: ${input.link}`,
    input.dueDate ? `Please answer by ${input.dueDate}. Your answers are saved as you go.` : 'Your answers are saved as you go.',
  ];
  return {
    to,
    subject: `Reminder: ${input.title}`,
    text: lines.join('\n\n'),
    html: layout(`Reminder: ${input.title}`, [lines[0]!, lines[2]!], { action: { label: 'Answer the questions', href: input.link } }),
  };
}
