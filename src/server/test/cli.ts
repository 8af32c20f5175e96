import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The command-line client (bin/resource-manager.mjs, docs/config-as-code-cli.md) run as a CI job runs
 * it: a child process with only the environment it is given, its exit code and what it printed.
 */

export const CLI = fileURLToPath(new URL('../../../bin/resource-manager.mjs', import.meta.url));
/** The repository's root: what the doc's pipeline calls RM_HOME. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/resource-manager.mjs <args>`; never throws on a non-zero exit, which tests assert. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, cwd: options.cwd, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}
