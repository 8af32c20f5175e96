/**
 * A test SMTP server that keeps what it receives and shows it over HTTP, for the e-mail end-to-end test
 * (playwright.config.ts starts it before the app) and for trying e-mail locally (docs/notifications.md):
 *   npx tsx scripts/smtp-test-server.ts
 * then start the app with SMTP_URL=smtp://test:test@127.0.0.1:2525. Configuration by environment:
 *   SMTP_TEST_PORT (default 2525), SMTP_TEST_HTTP_PORT (default 2580), SMTP_TEST_HOST (127.0.0.1).
 * GET /mails answers every mail received, oldest first ({to, from, subject, text}); /mails?to=<address>
 * those one address received.
 */
import { createServer } from 'node:http';
import { startSmtpReceiver } from '../src/server/test/smtp-receiver';

const host = process.env.SMTP_TEST_HOST ?? '127.0.0.1';
const smtp = await startSmtpReceiver(Number(process.env.SMTP_TEST_PORT ?? 2525), host);
const httpPort = Number(process.env.SMTP_TEST_HTTP_PORT ?? 2580);

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method !== 'GET' || url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(to ? smtp.to(to) : smtp.mails()));
});
http.listen(httpPort, host, () => {
  console.info(`SMTP on ${host}:${smtp.port}, received mail at http://${host}:${httpPort}/mails`);
});

const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
