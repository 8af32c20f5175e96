import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

// Lock order (docs/governance.md) should prevent these; one that still happens must not be a 500.
it('answers a deadlock (40P01) or a serialization failure (40001) with 409 and a retry message', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/deadlock', () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  // Drizzle wraps the driver's error: the SQLSTATE sits on the cause.
  app.get('/serialization', () => {
    throw new Error('Failed query', {
      cause: Object.assign(new Error('could not serialize'), { code: '40001' }),
    });
  });
  for (const url of ['/deadlock', '/serialization']) {
    const res = await app.inject(url);
    expect(res.statusCode, url).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'The change collided with a concurrent change and was not applied; retry it',
    });
  }
  await app.close();
});

it('answers text the database cannot store (22021, 22P05) with 400, never 500', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  const codes = ['22021', '22P05'];
  for (const code of codes) {
    app.get(`/text-${code}`, () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('invalid byte sequence'), { code }) });
    });
  }
  for (const code of codes) {
    const res = await app.inject(`/text-${code}`);
    expect(res.statusCode, code).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  }
  await app.close();
});
