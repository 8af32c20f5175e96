import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Card className="w-full max-w-md" data-testid="not-found">
        <CardContent className="space-y-4">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/">Back to Overview</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
