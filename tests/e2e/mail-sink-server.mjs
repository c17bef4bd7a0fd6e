// The e2e mail server: a real SMTP server on loopback that the site sends to, with a small
// HTTP API the tests read mail from (GET /mails?to=address).
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.MAIL_API_PORT);
const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        mails.push({
          to: to?.value[0]?.address ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.contentType,
            base64: file.content.toString('base64'),
          })),
          at: Date.now(),
        });
        callback();
      })
      .catch(callback);
  },
});
// A site server stopped while it sends a mail resets its connection: not a reason for the sink to end.
smtp.on('error', (error) => {
  if (error.code !== 'ECONNRESET') throw error;
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const to = url.searchParams.get('to');
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(url.pathname === '/mails' ? mails.filter((mail) => !to || mail.to === to) : { ok: true }));
  })
  .listen(httpPort, '127.0.0.1');
