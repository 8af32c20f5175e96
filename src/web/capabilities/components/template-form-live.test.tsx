import { TemplateFormDialog } from '@/capabilities/components/template-form-dialog';
import { makeTemplate } from '@/capabilities/test/fixtures';
import { describeLiveEditForm } from '@/test/live-form';

const loaded = makeTemplate({ id: 'template-7', name: 'Old', revision: 2 });

describeLiveEditForm({
  name: 'Edit notification template',
  resourceType: 'notification-template',
  id: 'template-7',
  revision: 2,
  field: 'Name',
  form: <TemplateFormDialog open onOpenChange={() => {}} capabilityId="api-007" template={loaded} />,
  api: { 'GET /api/notification-templates/template-7': { ...loaded, name: 'Theirs', revision: 3 } },
});
