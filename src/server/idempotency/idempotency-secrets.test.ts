import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { canonicalJson } from './idempotency';

/** The fast hash a key's record used to keep: SHA-256 over the method, the URL and the body. */
const fastHash = (url: string, body: object) =>
  createHash('sha256')
    .update(`POST\n${url}\n${canonicalJson(body)}`)
    .digest('hex');

const PASSWORD = 'Tangerine-Lighthouse-Orbit-47';

describeApi('Idempotency-Key on requests that carry a secret', (ctx) => {
  const post = (url: string, payload: object, key: string) =>
    ctx().inject({ method: 'POST', url, payload, headers: { 'idempotency-key': key } });

  /** Every stored column of every key record, as one text. */
  const storedText = async () => JSON.stringify(await ctx().db.select().from(idempotencyKeys));

  it('keeps no hash of a password set or of a user created with a password', async () => {
    const created = { name: 'Secret Keeper', email: 'keeper@example.com', password: PASSWORD };
    const first = await post('/api/users', created, 'user-with-password');
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<{ id: string }>().id;
    const reset = { password: `${PASSWORD}-2` };
    expect((await post(`/api/users/${id}/password`, reset, 'password-set')).statusCode).toBe(204);
    // A retry is safe without a stored answer: the same password again, or a 409 for the taken address.
    expect((await post(`/api/users/${id}/password`, reset, 'password-set')).statusCode).toBe(204);
    expect((await post('/api/users', created, 'user-with-password')).statusCode).toBe(409);
    expect(await ctx().db.select().from(users).where(eq(users.email, created.email))).toHaveLength(1);

    const stored = await storedText();
    expect(stored).not.toContain(fastHash('/api/users', created));
    expect(stored).not.toContain(fastHash(`/api/users/${id}/password`, reset));
    expect(stored).not.toContain(PASSWORD);
    const keys = await ctx().db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((row) => row.key)).not.toContain('password-set');
    expect(keys.map((row) => row.key)).not.toContain('user-with-password');
  });

  it('still stores and replays a request without a secret', async () => {
    const body = { name: 'Plain User', email: 'plain@example.com' };
    const first = await post('/api/users', body, 'user-without-password');
    const again = await post('/api/users', body, 'user-without-password');
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });
});
