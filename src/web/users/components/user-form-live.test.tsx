import { describeLiveEditForm } from '@/test/live-form';
import { UserFormDialog } from '@/users/components/user-form-dialog';
import { makeUser } from '@/users/test/fixtures';

const loaded = makeUser({ id: 'user-7', name: 'Old', revision: 2 });

describeLiveEditForm({
  name: 'Edit User',
  resourceType: 'user',
  id: 'user-7',
  revision: 2,
  field: 'Name',
  form: <UserFormDialog open onOpenChange={() => {}} user={loaded} />,
  api: { 'GET /api/users/user-7': { ...loaded, name: 'Theirs', revision: 3 } },
});
