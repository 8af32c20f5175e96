import { expect, test } from '../fixtures';
import { requestConfigurationChange } from '../changes/helpers';
import { putSsoSettings, signInWithProvider } from '../sso/sign-in';
import { SSO_ACCOUNTS, SSO_GROUPS } from '../sso/test-provider';
import { mailTo } from './smtp-test-server';

const PORT = Number(process.env.E2E_PORT ?? 5055);

/*
 * Issue 39, item 6, end to end: administrator A files a change request; another administrator, who may
 * approve it, gets an e-mail at the test SMTP server, and its link opens the request in their console.
 * The reviewer is an administrator made by SSO sign-in: other specs have A set the demo administrator B's
 * password, after which four eyes rightly counts B among the people behind A's requests (no reviewer).
 */
const [ada] = SSO_ACCOUNTS;

test('a filed request e-mails another administrator, whose link opens it', async ({
  request,
  anonymousPage: page,
}) => {
  await putSsoSettings(request, true, [{ group: SSO_GROUPS.admins, globalRole: 'admin' }]);
  await page.goto('/login');
  await signInWithProvider(page, ada);
  await expect(page).toHaveURL('/');

  const title = `E2E e-mail ${Date.now()}`;
  const filed = await requestConfigurationChange(request, title);

  const mail = await mailTo(request, PORT, ada.email, title);
  expect(mail.subject).toBe(`Review requested: ${title}`);
  expect(mail.from).toContain('rm-e2e@example.com');
  const link = /http:\/\/localhost:\d+\/changes\/\S+/.exec(mail.text)?.[0];
  expect(link).toBe(`http://localhost:${PORT}/changes/${filed.id}`);

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${filed.number} ${title}`);
  await expect(page.getByText('Awaiting approval')).toBeVisible();
});
