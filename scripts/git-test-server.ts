/**
 * A real Git server (smart HTTP over the machine's `git http-backend`) for trying Git links locally and
 * for tests that need one outside their own process (docs/config-as-code-git.md):
 *   GIT_TEST_REPOS=config npx tsx scripts/git-test-server.ts
 * then link a tenant to http://127.0.0.1:2590/config.git with the read token, and start the app with
 * HEALTH_CHECK_ALLOW=127.0.0.1 (the address policy refuses loopback otherwise). Configuration by
 * environment: GIT_TEST_PORT (default 2590), GIT_TEST_HOST (127.0.0.1), GIT_TEST_REPOS (comma-separated
 * bare repositories to make, empty), GIT_TEST_READ_TOKEN (read-token), GIT_TEST_WRITE_TOKEN (write-token).
 * Prints one JSON line with the port and tokens once it listens; SIGTERM stops it and removes the repos.
 */
import { startGitServer } from '../src/server/test/git-server';

const server = await startGitServer({
  port: Number(process.env.GIT_TEST_PORT ?? 2590),
  host: process.env.GIT_TEST_HOST ?? '127.0.0.1',
  readToken: process.env.GIT_TEST_READ_TOKEN ?? 'read-token',
  writeToken: process.env.GIT_TEST_WRITE_TOKEN ?? 'write-token',
});
const repos = (process.env.GIT_TEST_REPOS ?? '').split(',').filter((name) => name.trim() !== '');
for (const repo of repos) await server.createRepo(repo.trim());
console.info(
  JSON.stringify({
    port: server.port,
    repos: repos.map((repo) => server.url(repo.trim())),
    readToken: server.readToken,
    writeToken: server.writeToken,
  }),
);

const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
