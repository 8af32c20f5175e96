import '@/test/dom-polyfills';
import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Option } from '@contract/lists';
import { ServerCombobox, type OptionsQuery } from '@/components/server-combobox';
import { getOptions } from '@/lib/list-request';
import { never, requestsTo, stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';

const PATH = '/api/tenants/options';
const all: Option[] = [
  { id: 't1', label: 'Acme Corp', detail: 'active' },
  { id: 't2', label: 'Beta Labs', detail: 'suspended' },
  { id: 't3', label: 'Acme East', detail: null },
];
const optionsQuery: OptionsQuery = (params) =>
  queryOptions({ queryKey: ['options', params], queryFn: () => getOptions<Option>(PATH, params) });

function answer({ url }: { url: string }) {
  const search = new URL(url, 'http://x').searchParams;
  const q = (search.get('q') ?? '').toLowerCase();
  const ids = search.getAll('ids');
  const rows = ids.length
    ? all.filter((o) => ids.includes(o.id))
    : all.filter((o) => o.label.toLowerCase().includes(q));
  return Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
}

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ServerCombobox
        label="Tenant"
        value={value}
        onChange={setValue}
        optionsQuery={optionsQuery}
        emptyLabel="All tenants"
      />
      <output>{value || 'none'}</output>
    </>
  );
}

describe('ServerCombobox', () => {
  it('labels its current value through ids=', async () => {
    const fetchMock = stubApi({ [`GET ${PATH}`]: answer });
    renderWithProviders(<Harness initial="t2" />);
    const trigger = screen.getByRole('combobox', { name: 'Tenant' });
    await waitFor(() => expect(trigger).toHaveTextContent('Beta Labs'));
    expect(requestsTo(fetchMock, 'GET', PATH)[0]?.url).toContain('ids=t2');
  });

  it('searches on the server as you type and picks with the keyboard', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${PATH}`]: answer });
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Tenant' }));
    expect(await screen.findByRole('option', { name: /Beta Labs/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search Tenant' }), 'acme');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Beta Labs/ })).not.toBeInTheDocument());
    await screen.findByRole('option', { name: /Acme East/ });
    expect(requestsTo(fetchMock, 'GET', PATH).some((r) => r.url.includes('q=acme'))).toBe(true);
    const box = screen.getByRole('textbox', { name: 'Search Tenant' });
    await user.keyboard('{ArrowDown}');
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')).toHaveTextContent('Acme East');
    await user.keyboard('{Enter}');
    expect(screen.getByText('t3')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says "No results", shows loading, and closes on Escape', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${PATH}`]: ({ url }) => (url.includes('q=zzz') ? never() : answer({ url })) });
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Tenant' }), 'nothing');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search Tenant' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Tenant' }), 'zzz');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });
});
