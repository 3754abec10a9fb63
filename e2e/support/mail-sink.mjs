// A local SMTP receiver for the browser tests: the server delivers real SMTP to it
// (MAIL_URL=smtp://127.0.0.1:SMTP_PORT) and tests read messages over HTTP:
//   GET /messages?to=EMAIL → [{ to, subject, text, html, receivedAt }] newest last.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        for (const rcpt of session.envelope.rcptTo) {
          messages.push({
            to: rcpt.address.toLowerCase(),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: Date.now(),
          });
        }
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/healthz') return response.end('ok');
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages.filter((m) => !to || m.to === to)));
  })
  .listen(httpPort, '127.0.0.1');
