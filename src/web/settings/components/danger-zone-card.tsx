import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteAllDialog } from '@/settings/components/delete-all-dialog';

/** Danger Zone: Delete All Resources, behind a typed confirmation (administrators only). */
export function DangerZoneCard({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-4" aria-hidden="true" />
          Danger Zone
        </CardTitle>
        <CardDescription>Irreversible actions on every tenant and deployment.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {isAdmin
            ? 'Remove all tenants, web apps, subscriptions, meshes and deployments.'
            : 'Only administrators can delete all resources.'}
        </p>
        {isAdmin && (
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete All Resources
          </Button>
        )}
      </CardContent>
      {isAdmin && <DeleteAllDialog open={open} onOpenChange={setOpen} />}
    </Card>
  );
}
