import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';

// Forms and confirmations load on their own (the list paints without them).
const MicrofrontendFormDialog = lazyDialog(() =>
  import('@/microfrontends/registry/components/microfrontend-form-dialog').then(
    (m) => m.MicrofrontendFormDialog,
  ),
);
const MicrofrontendDeleteDialog = lazyDialog(() =>
  import('@/microfrontends/registry/components/microfrontend-delete-dialog').then(
    (m) => m.MicrofrontendDeleteDialog,
  ),
);
const VersionFormDialog = lazyDialog(() =>
  import('@/microfrontends/registry/components/version-form-dialog').then((m) => m.VersionFormDialog),
);

/** Dialog states keep their subject while closing, so titles do not flip mid-animation. */
type FormState = { open: boolean; microfrontend?: Microfrontend };
type DeleteState = { open: boolean; microfrontend: Microfrontend | null };
type VersionState = { open: boolean; microfrontend: Microfrontend | null; version?: MicrofrontendVersion };

/** The registry's dialogs (register/edit, delete, add/edit version) and the card actions that open them. */
export function useMicrofrontendDialogs() {
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<DeleteState>({ open: false, microfrontend: null });
  const [versionForm, setVersionForm] = useState<VersionState>({ open: false, microfrontend: null });

  const cardActions = {
    onEdit: (microfrontend: Microfrontend) => setForm({ open: true, microfrontend }),
    onDelete: (microfrontend: Microfrontend) => setDeleting({ open: true, microfrontend }),
    onAddVersion: (microfrontend: Microfrontend) => setVersionForm({ open: true, microfrontend }),
    onEditVersion: (microfrontend: Microfrontend, version: MicrofrontendVersion) =>
      setVersionForm({ open: true, microfrontend, version }),
  };
  const dialogs = (
    <>
      <MicrofrontendFormDialog
        open={form.open}
        microfrontend={form.microfrontend}
        onOpenChange={(open) => !open && setForm((current) => ({ ...current, open: false }))}
      />
      <MicrofrontendDeleteDialog
        open={deleting.open}
        microfrontend={deleting.microfrontend}
        onClose={() => setDeleting((current) => ({ ...current, open: false }))}
      />
      <VersionFormDialog
        open={versionForm.open}
        microfrontend={versionForm.microfrontend}
        version={versionForm.version}
        onOpenChange={(open) => !open && setVersionForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
  return { register: () => setForm({ open: true }), cardActions, dialogs };
}
