import { expect } from 'vitest';
import type { Change } from '../../contract/changes';
import type { Actor } from '../auth/viewer';
import type { ApiContext } from './api-harness';

/** Who a case's direct service calls are made by. */
export const TEST_ACTOR: Actor = { id: null, email: 'direct@example.com' };

/*
 * The change kinds a plan files (docs/changes.md), each as a case the table-driven suite
 * (changes/plan-kinds.test.ts) runs: one write made by an approved request on a target and by its direct
 * endpoint (or service) on a twin, read back alike; a direct write that moves the target; and its undo.
 */

/** What a case's setup made: the target's and the twin's ids or names. */
export type Ids = Record<string, string>;

export interface KindCase {
  /** Makes what the change needs, named uniquely by `n`. */
  setup(n: number): Promise<Ids>;
  change(ids: Ids): Change;
  /** The same write on the twin, the way the console makes it today. */
  direct(ids: Ids): Promise<void>;
  /** The state the write leaves, comparable between target and twin (no ids, names or dates). */
  state(ids: Ids, which: 'target' | 'twin'): Promise<unknown>;
  /** A direct write of the target that makes a pending request of the change stale. */
  move(ids: Ids): Promise<void>;
  /** The environment the request is filed in, when not production. */
  environment?: 'development' | 'uat';
  /** Undone by a revert (the state before comes back), or irreversible for the reason matched. */
  undo: 'restores' | RegExp;
}

/** Calls the API as the test administrator and expects a 2xx; answers the JSON body (if any). */
export function apiCalls(ctx: () => ApiContext) {
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx().inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body ? (res.json() as Record<string, unknown>) : {};
  };
  /** GET that answers null on 404 (a deleted or not yet created resource). */
  const read = async (url: string) => {
    const res = await ctx().inject({ method: 'GET', url });
    if (res.statusCode === 404) return null;
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  /** A list endpoint's rows (a JSON array). */
  const list = async (url: string) => {
    const res = await ctx().inject({ method: 'GET', url });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json() as Record<string, unknown>[];
  };
  return { send, read, list };
}

/** A row without what the server makes (ids, revisions, dates, authors) and without the given fields. */
export function comparable(row: Record<string, unknown> | null | undefined, ...drop: string[]) {
  if (!row) return null;
  const server = ['id', 'revision', 'createdAt', 'updatedAt', 'createdBy', ...drop];
  return Object.fromEntries(Object.entries(row).filter(([key]) => !server.includes(key)));
}
