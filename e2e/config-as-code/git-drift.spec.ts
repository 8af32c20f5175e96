import type { GitLink } from '../../src/contract/git-links';
import type { TenantDocument } from '../../src/contract/config-doc';
import { startGitServer } from '../../src/server/test/git-server';
import { CONTROL_PLANE, TENANT_ID, toast } from '../control-plane/helpers';
import { expect, test } from '../fixtures';

test('a commit that differs from the live state shows as drift on the tenant page, and Revert files it', async ({
  page,
  request,
}) => {
  // A real Git server, a commit and a check through the whole stack on a shared machine.
  test.setTimeout(90_000);
  const git = await startGitServer();
  let link: GitLink | undefined;
  try {
    await git.createRepo('acme');
    const exported = await request.get(`/api/tenants/${TENANT_ID}/export`, {
      headers: { Accept: 'application/json' },
    });
    const doc = (await exported.json()) as TenantDocument;
    const app = doc.spec.webApps.find((candidate) => candidate.environment === 'production');
    if (!app) throw new Error('tenant-001 has no production web app in the demo data');
    const description = `Kept in Git ${Date.now()}`;
    app.description = description;
    await git.commitFile('acme', 'main', 'tenant.json', JSON.stringify(doc, null, 2));
    const created = await request.post('/api/git-links', {
      data: {
        tenantId: TENANT_ID,
        repoUrl: git.url('acme'),
        path: 'tenant.json',
        format: 'json',
        accessToken: git.readToken,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    link = (await created.json()) as GitLink;

    await page.goto(`${CONTROL_PLANE}?tab=configuration`);
    const section = page.getByTestId('git-section');
    await section.getByRole('button', { name: 'Check now' }).click();
    // The server's background pass checks a new link at once, so on a busy machine it may file the
    // finding before this click, which then finds nothing new; either way the finding is listed once.
    await expect(toast(page)).toContainText(/new drift finding|No new drift/);
    const finding = section.getByTestId('drift-finding').filter({ hasText: app.name });
    await expect(finding).toHaveCount(1);
    await expect(finding).toContainText(description);

    await finding.getByRole('button', { name: /^Revert / }).click();
    await expect(toast(page)).toContainText(/Revert filed|Drift reverted/);
  } finally {
    if (link) await request.delete(`/api/git-links/${link.id}`, { headers: { 'If-Match': '"*"' } });
    await git.close();
  }
});
