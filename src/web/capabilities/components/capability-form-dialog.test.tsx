import { screen, waitFor, within } from '@testing-library/react';
import { editorValue, findCodeEditor, setEditorValue } from '@/test/code-editor';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilityFormDialog } from '@/capabilities/components/capability-form-dialog';
import { apiError, makeCapability, requestsTo, stubApi } from '@/capabilities/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import type { Capability } from '@contract/capabilities';

function renderDialog(capability?: Capability) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <CapabilityFormDialog open onOpenChange={onOpenChange} capability={capability} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CapabilityFormDialog', { timeout: 15_000 }, () => {
  it('requires a name and a configuration schema that parses as JSON, before any request', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Register Capability' })).toBeInTheDocument();

    setEditorValue(await findCodeEditor('Configuration JSON Schema', dialog), '{"type": ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    const name = within(dialog).getByLabelText('Name');
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Configuration schema must be valid JSON')).toBeInTheDocument();
    const schemaEditor = await findCodeEditor('Configuration JSON Schema', dialog);
    // The attributes reach CodeMirror's content element in an effect after the form's render.
    await waitFor(() => expect(schemaEditor).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("registers: POST with empty texts as null, toast 'Capability registered', closes", async () => {
    const fetchMock = stubApi({
      'POST /api/capabilities': ({ body }) =>
        Response.json({ ...makeCapability(), ...(body as object), id: 'api-009' }, { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();

    await userEvent.type(within(dialog).getByLabelText('Name'), '  Billing  ');
    await userEvent.type(within(dialog).getByLabelText('Version'), '1.0.0');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Provisioning' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Supports notification templates' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Capability registered')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capabilities')[0]?.body).toEqual({
      name: 'Billing',
      description: null,
      version: '1.0.0',
      status: 'provisioning',
      endpoint: null,
      category: null,
      configurationSchema: null,
      supportsNotificationTemplates: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's field issues beside the fields and an 'Error' toast", async () => {
    stubApi({
      'POST /api/capabilities': apiError(400, 'Invalid request', [
        { path: 'body.configurationSchema', message: 'Not a valid JSON Schema: type must be a string' },
      ]),
    });
    const { dialog, onOpenChange } = renderDialog();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Billing');
    setEditorValue(await findCodeEditor('Configuration JSON Schema', dialog), '{"type": 5}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(
      await within(dialog).findByText('Not a valid JSON Schema: type must be a string'),
    ).toBeInTheDocument();
    const schemaEditor = await findCodeEditor('Configuration JSON Schema', dialog);
    // The attributes reach CodeMirror's content element in an effect after the form's render.
    await waitFor(() => expect(schemaEditor).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid request')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('edits: prefilled, PATCH, toast "Capability updated"', async () => {
    const capability = makeCapability({ configurationSchema: '{"type":"object"}' });
    const fetchMock = stubApi({
      'PATCH /api/capabilities/api-001': ({ body }) => Response.json({ ...capability, ...(body as object) }),
    });
    const { dialog } = renderDialog(capability);
    expect(within(dialog).getByRole('heading', { name: 'Edit Capability' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Identity & Access Service');
    expect(editorValue(await findCodeEditor('Configuration JSON Schema', dialog))).toBe(
      '{\n  "type": "object"\n}',
    );

    await userEvent.clear(within(dialog).getByLabelText('Category'));
    await userEvent.type(within(dialog).getByLabelText('Category'), 'Identity');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Capability updated')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'PATCH', '/api/capabilities/api-001')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'PATCH', '/api/capabilities/api-001')[0]?.body).toMatchObject({
      name: 'Identity & Access Service',
      category: 'Identity',
      status: 'available',
    });
  });
});

describe('CapabilityFormDialog under a platform Git link', { timeout: 15_000 }, () => {
  it('marks the editor Managed in Git and warns that a save becomes drift', async () => {
    stubApi({
      'GET /api/git-links': [
        {
          id: 'link-platform',
          tenantId: null,
          repoUrl: 'https://git.example.com/platform.git',
          branch: 'main',
          path: 'platform.yaml',
        },
      ],
    });
    const { dialog } = renderDialog(makeCapability());
    expect(await within(dialog).findByTestId('managed-in-git')).toHaveTextContent('Managed in Git');
    expect(within(dialog).getByTestId('managed-in-git-notice')).toHaveTextContent(
      'This capability is kept in https://git.example.com/platform.git @ main: platform.yaml',
    );
  });
});
