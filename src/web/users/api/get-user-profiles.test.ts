import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsTo, stubApi } from '@/test/api-stub';
import { getUserProfiles } from '@/users/api/get-user-profiles';
import { makeProfile } from '@/users/test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('getUserProfiles', () => {
  it("asks for the given users' profiles only, and pages through when they hold more than one page", async () => {
    // 250 profiles of two users: the first answer holds 200, the second the rest.
    const all = Array.from({ length: 250 }, (_, i) =>
      makeProfile({ id: `p${i}`, userId: i % 2 ? 'user-b' : 'user-a' }),
    );
    const fetchMock = stubApi({
      'GET /api/user-profiles': ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit'));
        return Response.json(all.slice(offset, offset + limit), { headers: { 'X-Total-Count': '250' } });
      },
    });

    const profiles = await getUserProfiles(['user-a', 'user-b']);

    expect(profiles.map((p) => p.id)).toEqual(all.map((p) => p.id));
    const urls = requestsTo(fetchMock, 'GET', '/api/user-profiles').map(
      (request) => new URL(request.url, 'http://localhost').searchParams,
    );
    expect(urls).toHaveLength(2);
    expect(urls[0]?.getAll('userIds')).toEqual(['user-a', 'user-b']);
    expect([urls[0]?.get('offset'), urls[1]?.get('offset')]).toEqual(['0', '200']);
  });

  it('asks nothing for no users', async () => {
    const fetchMock = stubApi({});
    expect(await getUserProfiles([])).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
