import { DELETE_ALL_CONFIRMATION } from '@contract/settings';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDeleteAllResources } from '@/settings/api/delete-all-resources';
import { describeCounts } from '@/settings/lib/settings-input';
import { notifyError, notifySuccess } from '@/components/notify';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type DeleteAllDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Delete All Resources: enabled only once the confirmation phrase is typed exactly. */
export function DeleteAllDialog({ open, onOpenChange }: DeleteAllDialogProps) {
  const [phrase, setPhrase] = useState('');
  const remove = useDeleteAllResources();
  const matches = phrase === DELETE_ALL_CONFIRMATION;

  const close = (next: boolean) => {
    if (next || remove.isPending) return;
    setPhrase('');
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(undefined, {
      onSuccess: (counts) => {
        notifySuccess('All resources deleted', describeCounts(counts));
        setPhrase('');
        onOpenChange(false);
      },
      onError: (error) => notifyError(error, 'Failed to delete all resources.'),
    });
  };

  const formRef = useFocusAfterSubmit(remove.isPending);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete All Resources</DialogTitle>
          <DialogDescription>
            Every tenant with its web apps, user profiles, subscriptions and meshes, and every deployment, is
            removed. Users, capabilities, microfrontends, templates and settings stay. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Delete all resources">
          <fieldset disabled={remove.isPending} className="space-y-6">
            <Field>
              <FieldLabel htmlFor="delete-all-confirmation">Confirmation</FieldLabel>
              <Input
                id="delete-all-confirmation"
                autoComplete="off"
                value={phrase}
                onChange={(event) => setPhrase(event.target.value)}
              />
              <FieldDescription>
                Type <strong className="font-mono">{DELETE_ALL_CONFIRMATION}</strong> to confirm.
              </FieldDescription>
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={!matches}>
                {remove.isPending ? 'Deleting...' : 'Delete All Resources'}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
