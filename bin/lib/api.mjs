// @ts-check
/*
 * The command-line client's HTTP side (docs/config-as-code-cli.md): one request to the server with the
 * API token, and the server's own words when it refuses.
 */

/** A failure the command reports as is (exit 1): bad usage, an unreadable file, a refusal by the server. */
export class CliError extends Error {}

/** A command line the client cannot run: said with a pointer to --help. */
export class UsageError extends CliError {}

/**
 * @typedef {{ url: string, token: string }} Connection
 * @typedef {{ path: string, message: string, line?: number, column?: number }} FieldIssue
 */

/**
 * The server's refusal in plain words: its message, then each field it names on a line of its own.
 * @param {number} status
 * @param {string} text
 */
export function refusal(status, text) {
  /** @type {{ message?: unknown, issues?: FieldIssue[] } | null} */
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not the API's JSON error body (a proxy's page, say): shown as it came, shortened.
  }
  const message =
    typeof body?.message === 'string' ? body.message : text.trim().slice(0, 500) || 'no message';
  const issues = Array.isArray(body?.issues) ? body.issues : [];
  // A field the message already names in full is not said twice.
  const lines = issues
    .filter((issue) => !message.includes(`${issue.path}: ${issue.message}`))
    .map((issue) => {
      const at = issue.line ? ` (line ${issue.line}${issue.column ? `, column ${issue.column}` : ''})` : '';
      return `  ${issue.path}: ${issue.message}${at}`;
    });
  return [`The server answered ${status}: ${message}`, ...lines].join('\n');
}

/**
 * One request to the API; answers the reply's status and text, or throws a CliError with the server's
 * message when it is not 2xx.
 * @param {Connection} connection
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, accept?: string }} [options]
 * @returns {Promise<{ status: number, text: string }>}
 */
export async function request(connection, method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = {
    authorization: `Bearer ${connection.token}`,
    accept: options.accept ?? 'application/json',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const address = new URL(path, connection.url.endsWith('/') ? connection.url : `${connection.url}/`);
  let response;
  try {
    response = await fetch(address, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'error',
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new CliError(`Cannot reach ${connection.url}${cause}`);
  }
  const text = await response.text();
  if (!response.ok) throw new CliError(refusal(response.status, text));
  return { status: response.status, text };
}

/**
 * A request whose reply is JSON.
 * @param {Connection} connection
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * `any` on purpose: the reply's shape is the contract's (src/contract), which plain JavaScript cannot
 * import; each caller names the type it reads (plan-text.mjs's typedefs).
 * @returns {Promise<{ status: number, json: any }>}
 */
export async function requestJson(connection, method, path, body) {
  const { status, text } = await request(connection, method, path, { body });
  try {
    return { status, json: JSON.parse(text) };
  } catch {
    throw new CliError(`The server's reply to ${method} ${path} is not JSON`);
  }
}
