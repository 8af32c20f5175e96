import { screen, act } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { renderWithProviders } from '@/test/render';

const sortFields = ['name', 'createdAt'] as const;
const filters = ['status'] as const;
type State = ReturnType<typeof useListUrlState<(typeof sortFields)[number], 'status'>>;
// Handed out of the component after each render, so the test can call the setters.
const probe: { state?: State } = {};

function Probe() {
  const current = useListUrlState({ sortFields, defaultSort: 'name', filters });
  useEffect(() => {
    probe.state = current;
  });
  return <p data-testid="query">{JSON.stringify(current.query)}</p>;
}
const state = new Proxy({} as State, { get: (_target, name) => probe.state![name as keyof State] });

const render = (path: string) => renderWithProviders(<Probe />, { path });
const search = (router: ReturnType<typeof render>['router']) => router.state.location.search;

describe('useListUrlState', () => {
  it('reads the view from the URL and falls back to defaults for bad values', () => {
    render('/x?q=acme&status=active&sort=-createdAt&page=3&size=10');
    expect(state.query).toEqual({ q: 'acme', status: 'active', sort: '-createdAt', limit: 10, offset: 20 });
    render('/x?sort=-password&page=-2&size=7');
    expect(state.query).toEqual({ q: undefined, sort: 'name', limit: 25, offset: 0 });
  });

  it('leaves defaults out of the URL and goes back to page 1 on a new search, filter or sort', () => {
    const { router } = render('/x?page=4');
    act(() => state.setFilter('status', 'suspended'));
    expect(search(router)).toBe('?status=suspended');
    act(() => state.setPage(2));
    act(() => state.setSort('-createdAt'));
    expect(search(router)).toBe('?status=suspended&sort=-createdAt');
    act(() => state.setPageSize(25));
    act(() => state.setSearch('  beta '));
    expect(search(router)).toBe('?status=suspended&sort=-createdAt&q=beta');
    act(() => state.setSort('name'));
    expect(search(router)).toBe('?status=suspended&q=beta');
  });

  it('pushes a history entry per page and replaces it while typing', () => {
    const { router } = render('/x');
    act(() => state.setPage(2));
    act(() => state.setPage(3));
    act(() => state.setSearch('a'));
    act(() => state.setSearch('ab'));
    expect(search(router)).toBe('?q=ab');
    act(() => void router.navigate(-1));
    expect(search(router)).toBe('?page=2');
    expect(screen.getByTestId('query')).toHaveTextContent('"offset":25');
  });

  it('keeps both of two changes made before the next render (a search cleared, then a filter chosen)', () => {
    const { router } = render('/x?q=acme');
    // One render's setters, called back to back: react-router hands each updater that render's params.
    const { setSearch, setFilter } = state;
    act(() => {
      setSearch('');
      setFilter('status', 'deprecated');
    });
    expect(search(router)).toBe('?status=deprecated');
  });
});
