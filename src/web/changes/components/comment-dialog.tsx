import { useId, useState, type FormEvent } from 'react';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { DialogOpenProps } from '@/components/dialog-open';

type CommentDialogProps = DialogOpenProps & {
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  /** Rejecting needs a reason; approving takes one if given. */
  required: boolean;
  requiredMessage?: string;
  pending: boolean;
  onSubmit: (comment: string) => void;
};

/** Approve (an optional comment) and Reject (a required reason): a comment, then the decision. */
export function CommentDialog({ open, onOpenChange, ...props }: CommentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !props.pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts empty. */}
        {open && <CommentForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function CommentForm({
  label,
  submitLabel,
  pendingLabel,
  required,
  requiredMessage = 'A comment is required',
  pending,
  onSubmit,
  title,
}: Omit<CommentDialogProps, 'open' | 'onOpenChange'>) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (required && text === '') {
      setError(requiredMessage);
      document.getElementById(id)?.focus();
      return;
    }
    if (text.length > 4000) {
      setError('Must be at most 4000 characters');
      return;
    }
    onSubmit(text);
  };

  return (
    <DialogForm
      label={title}
      pending={pending}
      submitLabel={pending ? pendingLabel : submitLabel}
      onSubmit={submit}
    >
      <Field>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Textarea
          {...fieldControlProps(id, error !== null)}
          value={comment}
          rows={4}
          onChange={(event) => {
            setComment(event.target.value);
            if (error) setError(null);
          }}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </Field>
    </DialogForm>
  );
}
