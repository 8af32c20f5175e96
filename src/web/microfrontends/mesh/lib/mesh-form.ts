import { isOneOf } from '@contract/sets';
import { createMeshBodySchema, DEFAULT_MESH_TENANT_ID, type CreateMeshBody } from '@contract/web-app-meshes';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { parseConfigOverride } from '@/microfrontends/mesh/lib/mesh-json';

/** One menu item as the form holds it; its order is its position. */
export const meshItemFormSchema = z.object({
  label: z.string().trim().min(1, 'Label is required').max(200),
  microfrontendId: z.string(),
  microfrontendVersionId: z.string().min(1, 'Version is required'),
  /** Optional JSON object laid over the version's default configuration. */
  configText: z.string().max(50_000),
});

/** The Create Web App Mesh form: the contract's name and tenant rules, plus the menu items. */
export const meshFormSchema = createMeshBodySchema.pick({ name: true, tenantId: true }).extend({
  description: z.string().max(2000),
  items: z.array(meshItemFormSchema),
});
export type MeshFormInput = z.input<typeof meshFormSchema>;
export type MeshFormValues = z.output<typeof meshFormSchema>;
export type MeshItemInput = z.input<typeof meshItemFormSchema>;

export const meshFormDefaults = (): MeshFormInput => ({
  name: '',
  description: '',
  tenantId: DEFAULT_MESH_TENANT_ID,
  items: [],
});

export const newMeshItem = (): MeshItemInput => ({
  label: '',
  microfrontendId: '',
  microfrontendVersionId: '',
  configText: '',
});

export const isItemComplete = (item: MeshItemInput): boolean =>
  item.label.trim() !== '' && item.microfrontendVersionId !== '';

/** The submit-time refusal for the menu, if any, as its toast (docs/product.md, Validation). */
export function menuProblem(items: MeshItemInput[]): { title: string; description: string } | null {
  if (items.length === 0)
    return { title: 'No menu items', description: 'Please add at least one menu item.' };
  if (!items.every(isItemComplete))
    return {
      title: 'Invalid menu items',
      description: 'All menu items must have a label and selected microfrontend version.',
    };
  return null;
}

/** The POST body: menuItems as JSON text, each item's order its position (ids are assigned by the server). */
export function toCreateMeshBody(values: MeshFormValues): CreateMeshBody {
  return {
    name: values.name,
    description: values.description.trim() || null,
    tenantId: values.tenantId,
    menuItems: JSON.stringify(
      values.items.map((item, order) => ({
        label: item.label,
        microfrontendVersionId: item.microfrontendVersionId,
        config: parseConfigOverride(item.configText) ?? {},
        order,
      })),
    ),
  };
}

const itemFields = ['label', 'microfrontendVersionId'] as const;
const topFields = ['name', 'tenantId', 'description'] as const;

/** A 400's issue path -> the form field showing it ('body.menuItems.1.label' -> 'items.1.label'). */
export function meshFieldOf(path: string): Path<MeshFormInput> | undefined {
  const item = /^body\.menuItems\.(\d+)\.(\w+)$/.exec(path);
  const itemField = item?.[2];
  if (item && isOneOf(itemFields, itemField)) return `items.${Number(item[1])}.${itemField}`;
  const top = /^body\.(\w+)$/.exec(path)?.[1];
  return isOneOf(topFields, top) ? top : undefined;
}

/** A failed submit's issues that name a form field. */
export function meshServerIssues(error: unknown): { field: Path<MeshFormInput>; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues.flatMap((issue) => {
    const field = meshFieldOf(issue.path);
    return field ? [{ field, message: issue.message }] : [];
  });
}
