import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_EMAIL_MESSAGE, type User } from '@contract/users';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { UserFormDialog } from '@/users/components/user-form-dialog';
import { apiError, makeUser, requestsTo, stubApi, TEST_TIMEOUT } from '@/users/test/fixtures';

function renderDialog(user?: User) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <UserFormDialog open onOpenChange={onOpenChange} user={user} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserFormDialog', { timeout: TEST_TIMEOUT }, () => {
  it('requires a name and a valid email, and a password of at least 12 characters if any', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    expect(dialog.getByRole('heading', { name: 'Add User' })).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(dialog.getByLabelText('Initial Password'), 'short');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a common password with the reason beside the field, and never sends it', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();

    await userEvent.type(dialog.getByLabelText('Name'), 'Dana Scully');
    await userEvent.type(dialog.getByLabelText('Email'), 'dana@example.com');
    await userEvent.type(dialog.getByLabelText('Initial Password'), 'password1234');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));

    const reason = 'This is too close to a very common password. Add more words that are less common.';
    expect(await dialog.findByText(reason)).toBeInTheDocument();
    expect(dialog.getByLabelText('Initial Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    // As they type a better one, the reason goes away.
    await userEvent.clear(dialog.getByLabelText('Initial Password'));
    await userEvent.type(dialog.getByLabelText('Initial Password'), 'Tangerine-Viaduct-42');
    expect(dialog.queryByText(reason)).not.toBeInTheDocument();
  });

  it("adds a user: POST with role, status, avatar and password, toast 'User created'", async () => {
    const fetchMock = stubApi({
      'POST /api/users': ({ body }) =>
        Response.json({ ...makeUser(), ...(body as object), id: 'user-9' }, { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();

    await userEvent.type(dialog.getByLabelText('Name'), 'Dana Scully');
    await userEvent.type(dialog.getByLabelText('Email'), 'Dana@Example.com');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Global Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.type(dialog.getByLabelText('Avatar URL'), 'https://example.com/dana.png');
    await userEvent.type(dialog.getByLabelText('Initial Password'), 'a-long-password-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/users')[0]?.body).toEqual({
      name: 'Dana Scully',
      email: 'dana@example.com',
      globalRole: 'admin',
      status: 'active',
      avatarUrl: 'https://example.com/dana.png',
      password: 'a-long-password-1',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows a duplicate email's 409 beside the email field and in an 'Error' toast", async () => {
    stubApi({ 'POST /api/users': apiError(409, DUPLICATE_EMAIL_MESSAGE) });
    const { dialog, onOpenChange } = renderDialog();

    await userEvent.type(dialog.getByLabelText('Name'), 'Bob Again');
    await userEvent.type(dialog.getByLabelText('Email'), 'bob.stone@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await dialog.findByText(DUPLICATE_EMAIL_MESSAGE)).toBeInTheDocument();
    const email = dialog.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(DUPLICATE_EMAIL_MESSAGE);
    const toast = within((await screen.findByText('Error')).closest('li')!);
    expect(toast.getByText(DUPLICATE_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("edits a user: prefilled, PATCH without a password, toast 'User updated'", async () => {
    const user = makeUser({ avatarUrl: 'https://example.com/bob.png' });
    const fetchMock = stubApi({
      'PATCH /api/users/user-2': ({ body }) => Response.json({ ...user, ...(body as object) }),
    });
    const { dialog } = renderDialog(user);
    expect(dialog.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveValue('Bob Stone');
    expect(dialog.queryByLabelText('Initial Password')).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/users/user-2')[0]?.body).toEqual({
      name: 'Bob Stone',
      email: 'bob.stone@example.com',
      globalRole: 'user',
      status: 'inactive',
      avatarUrl: 'https://example.com/bob.png',
    });
  });
});
