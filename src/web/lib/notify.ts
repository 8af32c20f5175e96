import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

/** Every mutation ends in a toast: its success title and description... */
export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

/** ...or a destructive 'Error' with the server's message, else the fallback (SPEC.md section 8). */
export function notifyError(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, fallback) });
}

/** A client-side refusal before anything is sent (SPEC.md section 5). */
export function notifyProblem(title: string, description: string): void {
  toast({ variant: 'destructive', title, description });
}
