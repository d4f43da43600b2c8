import { Card, CardContent } from '@client/components/ui/card';
import { Trans } from '@lingui/react/macro';
import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">
              <Trans>404 Page Not Found</Trans>
            </h1>
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans>Did you forget to add the page to the router?</Trans>
          </p>
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-primary hover:underline">
            <Trans>Back to home</Trans>
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
