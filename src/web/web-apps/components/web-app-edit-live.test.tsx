import { describeLiveEditForm } from '@/test/live-form';
import { WebAppEditDialog } from '@/web-apps/components/web-app-edit-dialog';
import { makeWebApp } from '@/web-apps/test/fixtures';

const loaded = makeWebApp({ id: 'app-7', description: 'Old', revision: 2 });

describeLiveEditForm({
  name: 'Edit Application',
  resourceType: 'web_app',
  id: 'app-7',
  revision: 2,
  field: 'Description',
  form: <WebAppEditDialog open onOpenChange={() => {}} app={loaded} />,
  api: { 'GET /api/web-apps/app-7': { ...loaded, description: 'Theirs', revision: 3 } },
});
