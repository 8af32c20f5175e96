import '@/test/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { editorDiagnostics, editorValue, findCodeEditor, setEditorValue } from '@/test/code-editor';
import { renderWithProviders } from '@/test/render';
import { bodyOf, calls, makeChangeRequest, polyfillPointer, stubApi } from '@/test/control-plane-fixtures';
import { LineageFormDialog } from '@/gateway/components/lineage-form-dialog';
import { policyLineage } from '@/gateway/components/policy-lineage';
import { approvalStubs, makePolicy, noApprovalStubs, subscriptionStubs } from '@/gateway/test/fixtures';
import type { OpaPolicy } from '@contract/gateway';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => vi.unstubAllGlobals());

const POLICIES = '/api/tenants/tenant-001/opa-policies';

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <LineageFormDialog
        entry={policyLineage}
        open
        onOpenChange={onOpenChange}
        tenantId="tenant-001"
        environment="production"
      />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

async function fill(dialog: HTMLElement) {
  const select = within(dialog).getByRole('combobox', { name: 'Capability' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: 'Identity Service' }));
  await userEvent.type(within(dialog).getByLabelText('Name'), 'orders-authz');
}

describe('LineageFormDialog of a policy', () => {
  it('requires a name and Rego source before any request', async () => {
    const fetchMock = stubApi({ ...subscriptionStubs, ...noApprovalStubs });
    const { dialog } = renderDialog();
    // A new policy starts from a template that passes the server's checks, in a package of the
    // tenant's own (packages are unique across tenants).
    const rego = await findCodeEditor('Rego policy', dialog);
    expect(editorValue(rego)).toMatch(/^package tenants\.tenant_001\.authz\n/);
    setEditorValue(rego, '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Policy' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Rego source is required')).toBeInTheDocument();
    expect(rego).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("lists the server's Rego problems with their positions beside the editor, and marks them in it", async () => {
    stubApi({
      ...subscriptionStubs,
      ...noApprovalStubs,
      [`POST ${POLICIES}`]: () =>
        Response.json(
          {
            message: 'policyContent: line 1, column 1: rego_parse_error: package expected (and 1 more)',
            code: 'VALIDATION_FAILED',
            issues: [
              {
                path: 'body.policyContent',
                message: 'Line 1, column 1: rego_parse_error: package expected',
                line: 1,
                column: 1,
              },
              {
                path: 'body.policyContent',
                message: 'Line 8, column 2: rego_unsafe_var_error: var x is unsafe',
                line: 8,
                column: 2,
              },
            ],
          },
          { status: 400 },
        ),
    });
    const { dialog, onOpenChange } = renderDialog();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Policy' }));

    const problems = await within(dialog).findByRole('list', { name: 'Rego problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1, column 1: rego_parse_error: package expected',
      'Line 8, column 2: rego_unsafe_var_error: var x is unsafe',
    ]);
    const rego = await findCodeEditor('Rego policy', dialog);
    // The template's text, marked where the server said: "package" on line 1, "input.method" on line 8.
    await waitFor(() =>
      expect(editorDiagnostics(rego).map(({ line, column, text }) => [line, column, text])).toEqual([
        [1, 1, 'package'],
        [8, 2, 'input.method'],
      ]),
    );
    await waitFor(() => expect(rego).toHaveAttribute('aria-invalid', 'true'));
    expect(rego.getAttribute('aria-describedby')).toContain(problems.id);
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('creates: empty description as null, toast "Policy created"', async () => {
    const fetchMock = stubApi({
      ...subscriptionStubs,
      ...noApprovalStubs,
      [`POST ${POLICIES}`]: (init: RequestInit | undefined) =>
        Response.json(makePolicy(JSON.parse(String(init?.body)) as Partial<OpaPolicy>), { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Data filter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Policy' }));
    expect(await screen.findByText('Policy created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, POLICIES)).toMatchObject({
      capabilityId: 'api-001',
      environment: 'production',
      name: 'orders-authz',
      description: null,
      policyType: 'data-filter',
      enabled: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('LineageFormDialog of a policy where production needs approval', () => {
  it("requests the policy, and lists the request's Rego problems beside the editor", async () => {
    let answer = 400;
    const fetchMock = stubApi({
      ...subscriptionStubs,
      ...approvalStubs,
      'POST /api/change-requests': () =>
        answer === 400
          ? Response.json(
              {
                message: 'policyContent: line 4, column 1: rego_parse_error: unexpected eof token',
                code: 'VALIDATION_FAILED',
                issues: [
                  {
                    path: 'body.change.body.policyContent',
                    message: 'Line 4, column 1: rego_parse_error: unexpected eof token',
                    line: 4,
                    column: 1,
                  },
                ],
              },
              { status: 400 },
            )
          : Response.json(makeChangeRequest({ kind: 'opa_policy.create', number: 12 }), { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();
    expect(
      await within(dialog).findByText(
        'Production changes of this tenant need 1 approval: this creates a change request.',
      ),
    ).toBeInTheDocument();
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    const problems = await within(dialog).findByRole('list', { name: 'Rego problems' });
    expect(problems).toHaveTextContent('Line 4, column 1: rego_parse_error: unexpected eof token');
    expect(onOpenChange).not.toHaveBeenCalled();

    answer = 201;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #12 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/change-requests')).toMatchObject({
      change: {
        kind: 'opa_policy.create',
        tenantId: 'tenant-001',
        body: { capabilityId: 'api-001', environment: 'production', name: 'orders-authz' },
      },
    });
    expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests', '/api/change-requests']);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
