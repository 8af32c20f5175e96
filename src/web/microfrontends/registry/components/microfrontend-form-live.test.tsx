import { MicrofrontendFormDialog } from '@/microfrontends/registry/components/microfrontend-form-dialog';
import { makeMicrofrontend } from '@/microfrontends/registry/test/fixtures';
import { describeLiveEditForm } from '@/test/live-form';

const loaded = makeMicrofrontend({ id: 'mfe-7', description: 'Old', revision: 2 });

describeLiveEditForm({
  name: 'Edit microfrontend',
  resourceType: 'microfrontend',
  id: 'mfe-7',
  revision: 2,
  field: 'Description',
  form: <MicrofrontendFormDialog open onOpenChange={() => {}} microfrontend={loaded} />,
  api: { 'GET /api/microfrontends/mfe-7': { ...loaded, description: 'Theirs', revision: 3 } },
});
