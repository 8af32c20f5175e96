import { screen, within } from '@testing-library/react';
import { editorValue, setEditorValue } from '@/test/code-editor';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TenantInfrastructureDialog } from '@/tenants/list/components/tenant-infrastructure-dialog';
import { makeChangeRequest, makePolicy } from '@/test/control-plane-fixtures';
import { apiError, makeTenant, requestsTo, stubApi } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderDialog(tenant = makeTenant()) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <TenantInfrastructureDialog open tenant={tenant} onOpenChange={onOpenChange} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenantInfrastructureDialog', { timeout: 20_000 }, () => {
  it('has the tabs Identity & Auth, API Gateway and Policy Server, prefilled', async () => {
    const { dialog } = renderDialog();
    expect(dialog.getByRole('heading', { name: 'Configure Tenant Infrastructure' })).toBeInTheDocument();
    expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Identity & Auth',
      'API Gateway',
      'Policy Server',
    ]);
    expect(dialog.getByRole('combobox', { name: 'Identity Provider' })).toHaveTextContent('Okta');
    expect(editorValue(await dialog.findByRole('textbox', { name: 'IDP Configuration' }))).toBe(
      '{"domain":"acme.okta.com"}',
    );

    await userEvent.click(dialog.getByRole('tab', { name: 'API Gateway' }));
    const gateway = await dialog.findByRole('textbox', { name: 'API Gateway Configuration' });
    expect(editorValue(gateway)).toBe('{"rateLimit":1000}');
    expect(gateway).toHaveAttribute('aria-placeholder', expect.stringContaining('1000'));
    await userEvent.click(dialog.getByRole('tab', { name: 'Policy Server' }));
    expect(await dialog.findByRole('textbox', { name: 'Policy Server Configuration' })).toHaveAttribute(
      'aria-placeholder',
      expect.stringContaining('90d'),
    );
  });

  it('offers the 6 identity providers and the 4 authorization providers', async () => {
    const { dialog } = renderDialog(makeTenant({ idpProvider: null, authProvider: null }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Identity Provider' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Auth0',
      'Okta',
      'Azure AD',
      'Google',
      'AWS Cognito',
      'Keycloak',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Authorization Provider' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'OAuth 2.0',
      'SAML',
      'OpenID Connect',
      'JWT',
    ]);
  });

  it("saves with PATCH (empty texts clear) and toasts 'Configuration updated'", async () => {
    const tenant = makeTenant();
    const fetchMock = stubApi({
      'PATCH /api/tenants/tenant-001': ({ body }) => Response.json({ ...tenant, ...(body as object) }),
    });
    const { dialog, onOpenChange } = renderDialog(tenant);
    await userEvent.click(dialog.getByRole('combobox', { name: 'Authorization Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SAML' }));
    setEditorValue(await dialog.findByRole('textbox', { name: 'IDP Configuration' }), '');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Configuration' }));

    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/tenants/tenant-001')[0]?.body).toEqual({
      idpProvider: 'okta',
      idpConfiguration: null,
      authProvider: 'saml',
      authConfiguration: null,
      apiGatewayConfiguration: '{"rateLimit":1000}',
      policyServerConfiguration: '{"engine":"opa"}',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('requests a gateway setting change where production needs approval, and saves the rest directly', async () => {
    const tenant = makeTenant();
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001/approval-policy': makePolicy(1),
      'POST /api/change-requests': () =>
        Response.json(makeChangeRequest({ number: 9, kind: 'tenant_settings.gateway' }), { status: 201 }),
      'PATCH /api/tenants/tenant-001': ({ body }) => Response.json({ ...tenant, ...(body as object) }),
    });
    const { dialog, onOpenChange } = renderDialog(tenant);
    // Identity settings alone save directly.
    expect(dialog.queryByTestId('request-change-fields')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Authorization Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SAML' }));
    expect(dialog.getByRole('button', { name: 'Save Configuration' })).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('tab', { name: 'Policy Server' }));
    setEditorValue(
      await dialog.findByRole('textbox', { name: 'Policy Server Configuration' }),
      '{"bundleUrl":"https://bundles.example.com/acme.tar.gz"}',
    );
    expect(await dialog.findByTestId('request-change-fields')).toHaveTextContent(
      'Production changes of this tenant need 1 approval: this creates a change request.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #9 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: {
        kind: 'tenant_settings.gateway',
        tenantId: 'tenant-001',
        body: { policyServerConfiguration: '{"bundleUrl":"https://bundles.example.com/acme.tar.gz"}' },
      },
    });
    // The identity fields were not part of the request: they save as before, without the gateway ones.
    await vi.waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/tenants/tenant-001')[0]?.body).toEqual({
        idpProvider: 'okta',
        idpConfiguration: '{"domain":"acme.okta.com"}',
        authProvider: 'saml',
        authConfiguration: null,
      }),
    );
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("shows the server's refusal of non-JSON text on the field, on its tab, and in an 'Error' toast", async () => {
    stubApi({
      'PATCH /api/tenants/tenant-001': apiError(400, 'policyServerConfiguration must be valid JSON', [
        { path: 'body.policyServerConfiguration', message: 'Must be valid JSON' },
      ]),
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.click(dialog.getByRole('tab', { name: 'Policy Server' }));
    setEditorValue(await dialog.findByRole('textbox', { name: 'Policy Server Configuration' }), 'not json');
    await userEvent.click(dialog.getByRole('tab', { name: 'Identity & Auth' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Configuration' }));

    expect(await dialog.findByText('Must be valid JSON')).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: 'Policy Server' })).toHaveAttribute('aria-selected', 'true');
    expect(await dialog.findByRole('textbox', { name: 'Policy Server Configuration' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('policyServerConfiguration must be valid JSON')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
