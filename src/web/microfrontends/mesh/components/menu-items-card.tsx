import { Plus } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MenuItemEditor } from '@/microfrontends/mesh/components/menu-item-editor';
import { newMeshItem, type MeshFormInput, type MeshFormValues } from '@/microfrontends/mesh/lib/mesh-form';

type Form = UseFormReturn<MeshFormInput, unknown, MeshFormValues>;

/** The menu: items in order (their order is their position, so a removal renumbers the rest). */
export function MenuItemsCard({ form }: { form: Form }) {
  const items = useFieldArray({ control: form.control, name: 'items' });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Microfrontend Menu Items</CardTitle>
        <CardDescription>Each item shows a published microfrontend version under a label.</CardDescription>
        <CardAction>
          <Button type="button" variant="outline" size="sm" onClick={() => items.append(newMeshItem())}>
            <Plus aria-hidden="true" />
            Add Item
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        {items.fields.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No menu items added yet. Click &quot;Add Item&quot; to get started.
          </p>
        ) : (
          <ol className="space-y-4" aria-label="Menu items">
            {items.fields.map((field, index) => (
              <MenuItemEditor key={field.id} form={form} index={index} onRemove={() => items.remove(index)} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
