import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';
import { ArtifactDownloads } from '@/gateway/components/artifact-downloads';

const DECLARATIVE = '/api/tenants/tenant-001/gateway/uat/declarative';

beforeEach(() => {
  // jsdom has no blob URLs; the download only needs one to hand to the link.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:kong') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ArtifactDownloads', () => {
  it('offers Kong for decK and for DB-less, each asking the server for its target', async () => {
    const fetchMock = stubApi({
      [`GET ${DECLARATIVE}`]: () =>
        new Response('_format_version: "3.0"\n', {
          headers: { 'Content-Disposition': 'attachment; filename="kong-dbless-tenant-001-uat.yaml"' },
        }),
    });
    renderWithProviders(<ArtifactDownloads tenantId="tenant-001" environment="uat" />);
    const labels = screen.getAllByRole('button').map((b) => b.textContent);
    expect(labels).toEqual([
      'Kong (decK) YAML',
      'Kong (decK) JSON',
      'Kong (DB-less) YAML',
      'Kong (DB-less) JSON',
      'OPA bundle',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Download Kong (DB-less) YAML of UAT' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${DECLARATIVE}?target=dbless`);
    expect(new Headers(init?.headers).get('Accept')).toBe('application/yaml');

    await waitFor(() => expect(screen.getByRole('button', { name: /decK\) JSON/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Download Kong (decK) JSON of UAT' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [deckUrl, deckInit] = fetchMock.mock.calls[1] ?? [];
    expect(String(deckUrl)).toBe(`${DECLARATIVE}?target=deck`);
    expect(new Headers(deckInit?.headers).get('Accept')).toBe('application/json');
  });
});
