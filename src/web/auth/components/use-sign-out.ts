import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetSession } from '@/auth/api/get-me';
import { useLogout } from '@/auth/api/logout';
import type { SignedOutState } from '@/auth/lib/sso';
import { LOGIN_PATH } from '@/auth/redirect';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

/** Signs out, then goes to the sign-in page and forgets the session; a failure is toasted. */
export function useSignOut() {
  const logoutMutation = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = () => {
    logoutMutation.mutate(undefined, {
      onSuccess: ({ endSessionUrl }) => {
        // Navigate first, so that the session guard sees a sign-in page already on its way. The sign-in
        // page offers to end the provider's session too (docs/sso-console.md).
        const state: SignedOutState | null = endSessionUrl ? { endSessionUrl } : null;
        void navigate(LOGIN_PATH, { replace: true, flushSync: true, state });
        forgetSession(queryClient);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, 'Failed to sign out.'),
        });
      },
    });
  };
  return { signOut, pending: logoutMutation.isPending };
}
