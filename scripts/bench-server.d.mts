/** Types of bench-server.mjs, for the benchmarks written in TypeScript. */
import type { ChildProcess } from 'node:child_process';

export declare function adminStatement(url: string, statement: string): Promise<void>;
export declare function startServer(
  args: string[],
  options: { port: number; env?: Record<string, string>; cwd?: string; logLevel?: string },
): Promise<ChildProcess & { base: string }>;
export declare function stopServer(child: ChildProcess): Promise<void>;
export declare function signIn(base: string, email: string, password: string): Promise<string>;
export declare function runNode(args: string[], env: Record<string, string>, cwd: string): Promise<void>;
