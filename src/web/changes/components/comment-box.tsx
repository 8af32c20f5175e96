import { useId, useState, type FormEvent } from 'react';
import type { ChangeRequestActions } from '@/changes/components/use-change-request-actions';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** Adds a comment to the timeline; it changes nothing anyone reviews, so it needs no revision. */
export function CommentBox({ actions }: { actions: ChangeRequestActions }) {
  const id = useId();
  const [body, setBody] = useState('');
  const text = body.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === '') return;
    actions.comment(text, () => setBody(''));
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Add a comment">
      <Label htmlFor={id}>Comment</Label>
      <Textarea
        id={id}
        value={body}
        rows={3}
        maxLength={4000}
        placeholder="Ask a question or add context..."
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={actions.pending || text === ''}>
          Comment
        </Button>
      </div>
    </form>
  );
}
