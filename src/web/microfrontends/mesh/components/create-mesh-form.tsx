import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCreateMesh } from '@/microfrontends/mesh/api/create-mesh';
import { BasicInformationCard } from '@/microfrontends/mesh/components/basic-information-card';
import { MenuItemsCard } from '@/microfrontends/mesh/components/menu-items-card';
import { MeshPreviewCard } from '@/microfrontends/mesh/components/mesh-preview-card';
import {
  isItemComplete,
  meshFormDefaults,
  meshFormSchema,
  meshServerIssues,
  menuProblem,
  toCreateMeshBody,
  type MeshFormInput,
  type MeshFormValues,
  type MeshItemInput,
} from '@/microfrontends/mesh/lib/mesh-form';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

/** The menu's submit-time rules (docs/product.md, Validation); true when the submit is refused. */
function refuseMenu(menu: MeshItemInput[]) {
  const problem = menuProblem(menu);
  if (problem) notifyProblem(problem.title, problem.description);
  return problem !== null;
}

function CreateMeshActions({ pending }: { pending: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button asChild variant="outline">
        <Link to="/apps">Cancel</Link>
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating...' : 'Create Mesh'}
      </Button>
    </div>
  );
}

/** docs/product.md, Create Web App Mesh: basic information, menu items, preview, Cancel / Create Mesh. */
export function CreateMeshForm() {
  const navigate = useNavigate();
  const create = useCreateMesh();
  const form = useForm<MeshFormInput, unknown, MeshFormValues>({
    resolver: zodResolver(meshFormSchema),
    defaultValues: meshFormDefaults(),
    // Messages appear on submit, then follow every change (a select never 'blurs' cleanly).
    mode: 'onSubmit',
  });
  const items = useWatch({ control: form.control, name: 'items' });
  const complete = items.length > 0 && items.every(isItemComplete);

  const onSubmit = form.handleSubmit(
    (values) => {
      if (refuseMenu(values.items)) return;
      create.mutate(toCreateMeshBody(values), {
        onSuccess: (mesh) => {
          notifySuccess('Web app mesh created', `${mesh.name} has been created.`);
          void navigate('/apps');
        },
        onError: (error) => {
          meshServerIssues(error).forEach(({ field, message }, i) =>
            form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 }),
          );
          notifyError(error, 'Failed to create web app mesh');
        },
      });
    },
    // Name or tenant missing: their messages show; the menu's own refusal too.
    () => refuseMenu(form.getValues('items')),
  );

  const formRef = useFocusAfterSubmit(create.isPending);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Create Web App Mesh"
    >
      <fieldset disabled={create.isPending} className="space-y-6">
        <BasicInformationCard form={form} />
        <MenuItemsCard form={form} />
        {complete && <MeshPreviewCard items={items} />}
        <CreateMeshActions pending={create.isPending} />
      </fieldset>
    </form>
  );
}
