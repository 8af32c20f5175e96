#!/usr/bin/env node
// @ts-check
/*
 * resource-manager: configuration as code from a terminal or a CI job (docs/config-as-code-cli.md).
 * Plain Node, no build step: export a tenant or the platform as a file, plan a file against the live
 * state (exit 0: nothing to change, 2: changes, 1: error), apply it through the approval policy.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { CliError, request, requestJson, UsageError } from './lib/api.mjs';
import { pendingCount, planDiff, planText } from './lib/plan-text.mjs';

const USAGE = `Usage: resource-manager <command> [options]

Configuration as code: keep a tenant or the platform in a file, review what it would change, apply it
through the console's approvals.

Commands:
  export --tenant <id|name> [--format yaml|json] [-o <file>]
                       write a tenant's desired state (stdout without -o)
  export --platform [--format yaml|json] [-o <file>]
                       write the platform's shared state (global administrators)
  plan <file> [--prune]
                       what applying the file would change, grouped by resource, with each field's
                       before and after; exit 0 when nothing, 2 when something would change
  diff <file> [--prune]
                       the same plan, printing only the grouped diff (same exit codes)
  apply <file> [--prune] [--title <text>] [--author <email>]...
                       plan the file, then file that plan as one release (a change request reviewed
                       as the approval policy says) or apply it at once where no approval is needed.
                       Who wrote or merged the file may not approve it: the authors and committers of
                       the commits that brought it to HEAD (in a Git work tree), and each --author

<file> is YAML or JSON (apiVersion: resource-manager/v1); "-" reads standard input.
--prune also deletes what the file omits; without it those are only listed.

Connection (flags win over the environment):
  --url <address>      the console's address, e.g. https://rm.example.com   (RM_URL)
  --token <token>      an API token, sent as Authorization: Bearer           (RM_TOKEN)

Exit codes: 0 done (plan/diff: no changes), 2 plan/diff found changes, 1 error (bad usage, unreadable
file, or the server's refusal, printed with the fields it names).
`;

const OPTIONS = /** @type {const} */ ({
  tenant: { type: 'string' },
  platform: { type: 'boolean' },
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  prune: { type: 'boolean' },
  title: { type: 'string' },
  author: { type: 'string', multiple: true },
  url: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
});

/** Which options each command takes (the connection's go with all of them). */
const ALLOWED = {
  export: ['tenant', 'platform', 'format', 'output'],
  plan: ['prune'],
  diff: ['prune'],
  apply: ['prune', 'title', 'author'],
};

/**
 * @typedef {{ out: (text: string) => void, err: (text: string) => void }} Io
 * @typedef {ReturnType<typeof parse>} Parsed
 */

/** @param {string[]} argv */
function parse(argv) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The command and its options, checked: an option another command takes, or a missing file, is bad usage.
 * @param {Parsed} parsed
 */
function checkUsage({ values, positionals }) {
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('No command given');
  if (!Object.hasOwn(ALLOWED, command)) throw new UsageError(`Unknown command "${command}"`);
  const name = /** @type {keyof typeof ALLOWED} */ (command);
  const allowed = [...ALLOWED[name], 'url', 'token', 'help'];
  const stray = Object.keys(values).find((key) => !allowed.includes(key));
  if (stray) throw new UsageError(`${name} does not take --${stray}`);
  const files = name === 'export' ? 0 : 1;
  if (rest.length !== files) {
    throw new UsageError(
      files === 0 ? `export takes no file: ${rest.join(' ')}` : `${name} needs one <file>`,
    );
  }
  return { name, file: rest[0] ?? '' };
}

/**
 * @param {{ url?: string, token?: string }} values
 * @param {NodeJS.ProcessEnv} env
 */
function connectionOf(values, env) {
  const url = values.url ?? env.RM_URL ?? '';
  const token = values.token ?? env.RM_TOKEN ?? '';
  if (!url) throw new CliError('No server address: set RM_URL or pass --url');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(`--url/RM_URL is not an http(s) address: ${url}`);
  }
  if (!token)
    throw new CliError('No API token: set RM_TOKEN or pass --token (docs/automation.md, API tokens)');
  return { url: url.replace(/\/+$/, ''), token };
}

/** @param {string} file */
async function readDocument(file) {
  try {
    if (file !== '-') return await readFile(file, 'utf8');
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? ` (${error.code})` : '';
    throw new CliError(`Cannot read ${file}${why}`);
  }
}

/**
 * A tenant's id from its id or its exact name (the list's search finds it; two of one name are refused).
 * @param {import('./lib/api.mjs').Connection} connection
 * @param {string} idOrName
 */
async function tenantIdOf(connection, idOrName) {
  const search = new URLSearchParams({ q: idOrName, limit: '200' });
  const { json } = await requestJson(connection, 'GET', `/api/tenants?${search}`);
  /** @type {{ id: string, name: string }[]} */
  const rows = Array.isArray(json) ? json : [];
  const byId = rows.find((row) => row.id === idOrName);
  if (byId) return byId.id;
  const named = rows.filter((row) => row.name === idOrName);
  if (named.length > 1) throw new CliError(`${named.length} tenants are named "${idOrName}": give the id`);
  // Not found by the search (an id is not searched): the export route itself says whether it exists.
  return named[0]?.id ?? idOrName;
}

/**
 * @param {import('./lib/api.mjs').Connection} connection
 * @param {Parsed['values']} values
 * @param {Io} io
 */
async function exportCommand(connection, values, io) {
  const format = values.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'json')
    throw new UsageError(`--format is yaml or json, not "${format}"`);
  if (Boolean(values.platform) === (values.tenant !== undefined)) {
    throw new UsageError('export needs either --tenant <id|name> or --platform');
  }
  const path = values.tenant
    ? `/api/tenants/${encodeURIComponent(await tenantIdOf(connection, values.tenant))}/export`
    : '/api/platform/export';
  const accept = format === 'json' ? 'application/json' : 'application/yaml';
  const { text } = await request(connection, 'GET', path, { accept });
  if (values.output === undefined) io.out(text);
  else await writeFile(values.output, text);
  return 0;
}

/**
 * The plan of a file, printed whole (plan) or as its diff only (diff); answers the plan and the exit code.
 * @param {import('./lib/api.mjs').Connection} connection
 * @param {string} document
 * @param {boolean} prune
 */
async function planOf(connection, document, prune) {
  const { json } = await requestJson(connection, 'POST', '/api/plans', { document, prune });
  /** @type {import('./lib/plan-text.mjs').Plan} */
  const plan = json;
  return { plan, pending: pendingCount(plan, prune) };
}

/** @param {import('./lib/plan-text.mjs').Plan} plan */
const scopeOf = (plan) => (plan.scope.tenantId ? `tenant ${plan.scope.tenantId}` : 'the platform');

/**
 * @param {import('./lib/api.mjs').Connection} connection
 * @param {{ name: string, file: string }} command
 * @param {Parsed['values']} values
 * @param {Io} io
 */
async function planCommand(connection, command, values, io) {
  const prune = values.prune ?? false;
  const { plan, pending } = await planOf(connection, await readDocument(command.file), prune);
  if (command.name === 'diff') io.out(planDiff(plan, prune));
  else {
    io.out(`Plan for ${scopeOf(plan)} from ${command.file}: ${planText(plan, prune)}`);
    if (pending === 0) io.out('No changes: the live state matches the file.\n');
  }
  return pending === 0 ? 0 : 2;
}

/**
 * The e-mails of who wrote and merged the file as it stands at HEAD, when it is in a Git work tree: the
 * author and committer of HEAD and, when HEAD is a merge, of every commit the merge brought in that
 * touched the file. Outside a work tree (or without git) there are none: --author names them.
 * @param {string} file
 * @returns {Promise<string[]>}
 */
async function gitAuthors(file) {
  if (file === '-') return [];
  const git = (/** @type {string[]} */ ...args) =>
    promisify(execFile)('git', ['-C', dirname(resolve(file)), ...args], { encoding: 'utf8' }).then(
      ({ stdout }) => stdout.split('\n').filter(Boolean),
      () => /** @type {string[]} */ ([]),
    );
  const [parents = ''] = await git('rev-list', '--parents', '-n', '1', 'HEAD');
  const merged = parents.split(' ').length > 2;
  const people = await git('log', '-1', '--format=%ae%n%ce', 'HEAD');
  if (merged) people.push(...(await git('log', '--format=%ae%n%ce', 'HEAD^1..HEAD', '--', resolve(file))));
  return people;
}

/**
 * Plans, prints the plan, then files exactly that plan: the server refuses it, naming what moved, if the
 * live state changed in between.
 * @param {import('./lib/api.mjs').Connection} connection
 * @param {{ name: string, file: string }} command
 * @param {Parsed['values']} values
 * @param {Io} io
 */
async function applyCommand(connection, command, values, io) {
  const prune = values.prune ?? false;
  const document = await readDocument(command.file);
  const { plan, pending } = await planOf(connection, document, prune);
  io.out(`Plan for ${scopeOf(plan)} from ${command.file}: ${planText(plan, prune)}`);
  if (pending === 0) {
    io.out('Nothing to apply: the live state matches the file.\n');
    return 0;
  }
  const authors = [...new Set([...(await gitAuthors(command.file)), ...(values.author ?? [])])];
  const body = {
    document,
    prune,
    expected: plan,
    ...(values.title ? { title: values.title } : {}),
    ...(authors.length > 0 ? { authors } : {}),
  };
  const { status, json } = await requestJson(connection, 'POST', '/api/plans/apply', body);
  /** @type {{ id: string, status: string, changes: number }[]} */
  const requests = json.requests ?? [];
  io.out('\n');
  for (const filed of requests) {
    const link = `${connection.url}/changes/${filed.id}`;
    io.out(
      `Change request ${filed.id} (${filed.changes} change${filed.changes === 1 ? '' : 's'}): ${filed.status}, ${link}\n`,
    );
  }
  if (status === 201) io.out(`Waiting for approval: ${connection.url}/changes/${json.changeRequestId}\n`);
  else io.out(`Applied ${json.applied.changes} change${json.applied.changes === 1 ? '' : 's'}.\n`);
  return 0;
}

/**
 * Runs one command line; answers the exit code. Everything it prints goes through `io`.
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @param {Io} io
 */
export async function main(argv, env, io) {
  try {
    const parsed = parse(argv);
    if (parsed.values.help || parsed.positionals[0] === 'help') {
      io.out(USAGE);
      return 0;
    }
    const command = checkUsage(parsed);
    const connection = connectionOf(parsed.values, env);
    if (command.name === 'export') return await exportCommand(connection, parsed.values, io);
    if (command.name === 'apply') return await applyCommand(connection, command, parsed.values, io);
    return await planCommand(connection, command, parsed.values, io);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.err(`resource-manager: ${error.message}\n`);
    if (error instanceof UsageError)
      io.err('Run resource-manager --help for the commands and their options.\n');
    return 1;
  }
}

const io = {
  out: (/** @type {string} */ text) => void process.stdout.write(text),
  err: (/** @type {string} */ text) => void process.stderr.write(text),
};
main(process.argv.slice(2), process.env, io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(
      `resource-manager: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
