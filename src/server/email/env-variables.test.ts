import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';

const problemsOf = (source: NodeJS.ProcessEnv): string[] => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
};

describe('SMTP variables', () => {
  it('leaves e-mail off without SMTP_URL, with a default sender', () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SMTP_FROM).toBe('Resource Manager <no-reply@localhost>');
  });

  it('takes smtp:// and smtps:// URLs and a sender with or without a name', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }).SMTP_URL).toBe(
      'smtp://user:pass@mail.example.com:587',
    );
    expect(parseEnv({ SMTP_URL: 'smtps://mail.example.com', SMTP_FROM: 'ops@example.com' }).SMTP_FROM).toBe(
      'ops@example.com',
    );
  });

  it('names the variable of a bad value, never echoing the URL (it holds a password)', () => {
    const [url] = problemsOf({ SMTP_URL: 'https://user:hunter2@mail.example.com' });
    expect(url).toMatch(/^SMTP_URL=\(hidden\): must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(url).not.toContain('hunter2');
    expect(problemsOf({ SMTP_FROM: 'not an address' })).toEqual([
      'SMTP_FROM="not an address": must be an e-mail address or Name <address>',
    ]);
  });
});
