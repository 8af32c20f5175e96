import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditResourceType } from '@contract/audit';
import { LIVE_MESSAGES } from '@contract/events';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveChangesProvider } from '@/lib/live-changes';
import { useLiveConsole, type CreateLiveSource } from '@/live';
import { stubApi } from '@/test/api-stub';
import { fakeSources, makeLiveEvent } from '@/test/fake-event-source';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { withResourceEffects } from '@/test/resource-effects';

/** A global administrator: every edit form is open to them. */
export const LIVE_FORM_VIEWER = makeMe({ globalRole: 'admin' });

function Live({ createSource, children }: { createSource: CreateLiveSource; children: ReactNode }) {
  const live = useLiveConsole({ createSource });
  return <LiveChangesProvider value={live.changes}>{children}</LiveChangesProvider>;
}

/**
 * Renders an edit dialog inside the console's live connection (a fake EventSource, the real effects
 * table), with the API stubbed. Answers how to send a change event and the dialog to query.
 */
export function renderLiveForm(form: ReactElement, api: Parameters<typeof stubApi>[0]) {
  const factory = fakeSources();
  stubApi(api);
  renderWithProviders(<Live createSource={factory.create}>{form}</Live>, {
    queryClient: withResourceEffects(queryClientWithMe(LIVE_FORM_VIEWER)),
  });
  const source = factory.latest();
  if (!source) throw new Error('The live connection opened no stream');
  act(() => source.open());
  const send = (overrides: Parameters<typeof makeLiveEvent>[0]) =>
    act(() => source.send('change', makeLiveEvent(overrides)));
  return { send, dialog: within(screen.getByRole('dialog')) };
}

/** An edit form that follows its resource live, for describeLiveEditForm. */
export type LiveEditFormCase = {
  name: string;
  resourceType: AuditResourceType;
  id: string;
  /** The dialog, open, holding the resource at `revision`. */
  form: ReactElement;
  /** The label of a field their version sets to "Theirs". */
  field: string;
  revision: number;
  /** GET of the resource by id, answering their version: revision + 1, `field` "Theirs". */
  api: Parameters<typeof stubApi>[0];
};

/**
 * The live behaviour every edit form shares (Edit Tenant's own test goes further): someone else's save
 * is announced at once, with who; Review shows their version; other resources and revisions the form
 * holds stay quiet.
 */
export function describeLiveEditForm({
  name,
  resourceType,
  id,
  form,
  field,
  revision,
  api,
}: LiveEditFormCase) {
  describe(`${name} follows its resource live`, { timeout: 20_000 }, () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('names who changed it, and Review shows their version', async () => {
      const { send, dialog } = renderLiveForm(form, api);
      const actor = { id: 'user-2', email: 'bob@example.com' };
      send({ resourceType, resourceId: id, revision: revision + 1, actor });

      const notice = await dialog.findByTestId('changed-underneath');
      expect(notice).toHaveTextContent(LIVE_MESSAGES.changedUnderneath('bob@example.com'));
      await userEvent.click(within(notice).getByRole('button', { name: 'Review their version' }));
      const alert = await dialog.findByTestId('conflict-alert');
      await userEvent.click(within(alert).getByRole('button', { name: 'Reload their version' }));
      expect(dialog.getByLabelText(field)).toHaveValue('Theirs');
    });

    it('stays quiet for another resource and for the revision it holds', async () => {
      const { send, dialog } = renderLiveForm(form, api);
      send({ resourceType, resourceId: `${id}-other`, revision: revision + 5 });
      send({ resourceType, resourceId: id, revision });
      expect(dialog.queryByTestId('changed-underneath')).not.toBeInTheDocument();
    });
  });
}
