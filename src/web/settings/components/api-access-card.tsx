import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Points every signed-in person to their own API tokens (the /api-access page of app/router.tsx). */
export function ApiAccessCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API access</CardTitle>
        <CardDescription>
          Personal tokens for scripts and pipelines: they call the API as you, with your rights or fewer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link to="/api-access">
            <KeyRound aria-hidden="true" />
            Manage API tokens
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
