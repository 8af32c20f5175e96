import { describe, expect, it } from 'vitest';
import { makeLink } from '@/config-as-code/test/fixtures';
import { gitLinkDefaults, gitLinkFormSchema, toGitLinkUpdate } from '@/config-as-code/lib/git-link-form';

const valuesOf = (input: ReturnType<typeof gitLinkDefaults>) => gitLinkFormSchema.parse(input);

describe('toGitLinkUpdate', () => {
  it('keeps a stored token when the repository stays, and drops it for a new URL unless one is typed', () => {
    const link = makeLink({ hasAccessToken: true });
    const defaults = gitLinkDefaults(link);
    expect(toGitLinkUpdate(link, valuesOf({ ...defaults, path: 'other.yaml' }))).toEqual({
      path: 'other.yaml',
    });
    const moved = 'https://git.example.com/elsewhere.git';
    expect(toGitLinkUpdate(link, valuesOf({ ...defaults, repoUrl: moved }))).toEqual({
      repoUrl: moved,
      accessToken: null,
    });
    expect(toGitLinkUpdate(link, valuesOf({ ...defaults, repoUrl: moved, accessToken: 'new' }))).toEqual({
      repoUrl: moved,
      accessToken: 'new',
    });
    const tokenless = makeLink({ hasAccessToken: false });
    expect(toGitLinkUpdate(tokenless, valuesOf({ ...gitLinkDefaults(tokenless), repoUrl: moved }))).toEqual({
      repoUrl: moved,
    });
  });
});
