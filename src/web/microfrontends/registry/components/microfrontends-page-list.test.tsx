import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicrofrontendsPage } from '@/microfrontends/registry/components/microfrontends-page';
import { makeListItem, requestsTo, stubApi } from '@/microfrontends/registry/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

function renderAt(path: string) {
  const fetchMock = stubApi({
    'GET /api/microfrontends': ({ url }) =>
      Response.json(url.includes('q=zzz') ? [] : [makeListItem()], {
        headers: { 'X-Total-Count': url.includes('q=zzz') ? '0' : '40' },
      }),
  });
  const utils = renderWithProviders(<MicrofrontendsPage />, {
    path,
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
  });
  return { fetchMock, ...utils };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MicrofrontendsPage: the list on the server, its view in the address', { timeout: 20_000 }, () => {
  it('restores search, sort, page and page size from a shared link', async () => {
    const { fetchMock } = renderAt('/microfrontends?q=dash&sort=-createdAt&page=2&size=10');
    await screen.findByRole('region', { name: 'Dashboard' });
    expect(queryOf(requestsTo(fetchMock, 'GET', '/api/microfrontends')[0]!.url)).toEqual({
      q: 'dash',
      sort: '-createdAt',
      limit: '10',
      offset: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search microfrontends' })).toHaveValue('dash');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Newest first');
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
  });

  it('pages, sorts and searches (debounced) through the address, with back/forward', async () => {
    const { fetchMock, router } = renderAt('/microfrontends');
    await screen.findByRole('region', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchMock, 'GET', '/api/microfrontends').at(-1)!.url).offset).toBe('25'),
    );
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search microfrontends' }), 'zzz');
    expect(await screen.findByText('No microfrontends found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zzz');
    const searched = requestsTo(fetchMock, 'GET', '/api/microfrontends')
      .map((request) => queryOf(request.url).q)
      .filter(Boolean);
    expect(searched).toEqual(['zzz']);
  });
});
