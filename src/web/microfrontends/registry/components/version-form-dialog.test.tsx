import { screen, waitFor, within } from '@testing-library/react';
import { editorValue, findCodeEditor, setEditorValue } from '@/test/code-editor';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { VersionFormDialog } from '@/microfrontends/registry/components/version-form-dialog';
import {
  apiError,
  makeMicrofrontend,
  makeVersion,
  requestsTo,
  stubApi,
} from '@/microfrontends/registry/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import type { MicrofrontendVersion } from '@contract/microfrontends';

const HASH = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

function renderDialog(version?: MicrofrontendVersion) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <VersionFormDialog
        open
        onOpenChange={onOpenChange}
        microfrontend={makeMicrofrontend()}
        version={version}
      />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VersionFormDialog', { timeout: 20_000 }, () => {
  it('adds a draft: modules typed comma separated go as a JSON list, module type defaults to module-federation', async () => {
    const fetchMock = stubApi({
      'POST /api/microfrontend-versions': ({ body }) =>
        Response.json({ ...makeVersion(), ...(body as object), status: 'draft' }, { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Add Version' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Module Type' })).toHaveTextContent(
      'Module Federation',
    );

    await userEvent.type(within(dialog).getByLabelText('Version'), '2.0.0');
    await userEvent.type(
      within(dialog).getByLabelText('Entry URL'),
      'https://cdn.example.com/d/2.0.0/remoteEntry.js',
    );
    await userEvent.type(within(dialog).getByLabelText('Exposed Modules'), ' ./App , ,./Widget ');
    await userEvent.type(within(dialog).getByLabelText('Integrity Hash'), HASH);
    setEditorValue(await findCodeEditor('Default Config (JSON)', dialog), '{"theme": "dark"}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Version' }));

    expect(await screen.findByText('Version added')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/microfrontend-versions')[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      version: '2.0.0',
      entryUrl: 'https://cdn.example.com/d/2.0.0/remoteEntry.js',
      moduleType: 'module-federation',
      exposedModules: '["./App","./Widget"]',
      integrityHash: HASH,
      defaultConfig: '{"theme": "dark"}',
      sharedDependencies: null,
      buildMetadata: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('checks URL, hash and JSON before any request', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Entry URL'), 'ftp://example.com/x.js');
    await userEvent.type(within(dialog).getByLabelText('Integrity Hash'), 'md5-abc');
    setEditorValue(await findCodeEditor('Build Metadata (JSON)', dialog), '{nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Version' }));

    expect(await within(dialog).findByText('Version is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be an http(s) URL')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Must be sha256-, sha384- or sha512- followed by base64'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Build metadata must be valid JSON')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Entry URL')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field issues beside their fields and an 'Error' toast", async () => {
    stubApi({
      'POST /api/microfrontend-versions': apiError(
        400,
        'exposedModules must be a JSON list of module names',
        [
          { path: 'body.exposedModules', message: 'Must be a JSON list of strings' },
          { path: 'body.entryUrl', message: 'Must be an http(s) URL' },
        ],
      ),
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Version'), '2.0.0');
    await userEvent.type(within(dialog).getByLabelText('Entry URL'), 'https://cdn.example.com/x.js');
    await userEvent.type(within(dialog).getByLabelText('Exposed Modules'), './App');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Version' }));

    expect(await within(dialog).findByText('Must be a JSON list of strings')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Exposed Modules')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Entry URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('exposedModules must be a JSON list of module names')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('edits a draft: prefilled (modules comma separated), PATCH', async () => {
    const draft = makeVersion({
      id: 'mfv-009',
      version: '2.0.0-rc.1',
      status: 'draft',
      defaultConfig: '{"a":1}',
    });
    const fetchMock = stubApi({
      'PATCH /api/microfrontend-versions/mfv-009': ({ body }) =>
        Response.json({ ...draft, ...(body as object) }),
    });
    const { dialog } = renderDialog(draft);
    expect(within(dialog).getByRole('heading', { name: 'Edit Version 2.0.0-rc.1' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Exposed Modules')).toHaveValue('./App, ./Widget');
    expect(editorValue(await findCodeEditor('Default Config (JSON)', dialog))).toBe('{\n  "a": 1\n}');

    await userEvent.type(within(dialog).getByLabelText('Exposed Modules'), ', ./Settings');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Version updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/microfrontend-versions/mfv-009')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'PATCH', '/api/microfrontend-versions/mfv-009')[0]?.body).toMatchObject({
      exposedModules: '["./App","./Widget","./Settings"]',
      defaultConfig: '{\n  "a": 1\n}',
    });
  });
});
