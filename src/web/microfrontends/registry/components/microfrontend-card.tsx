import type { Microfrontend, MicrofrontendListItem, MicrofrontendVersion } from '@contract/microfrontends';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { VersionsTable } from '@/microfrontends/registry/components/versions-table';

type MicrofrontendCardProps = {
  /** A row of the registry page: the microfrontend with its newest versions. */
  microfrontend: MicrofrontendListItem;
  canManage: boolean;
  onEdit: (microfrontend: Microfrontend) => void;
  onDelete: (microfrontend: Microfrontend) => void;
  onAddVersion: (microfrontend: Microfrontend) => void;
  onEditVersion: (microfrontend: Microfrontend, version: MicrofrontendVersion) => void;
};

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);

function Repository({ repository }: { repository: string }) {
  // break-all: a long address wraps instead of widening the card on a phone.
  if (!isHttpUrl(repository)) return <span className="font-mono text-xs break-all">{repository}</span>;
  return (
    <a
      href={repository}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex max-w-full items-center gap-1 font-mono text-xs break-all underline-offset-4 hover:underline"
    >
      {repository}
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}

/** One microfrontend: name, slug, description, repository, and its versions. */
export function MicrofrontendCard({
  microfrontend,
  canManage,
  onEdit,
  onDelete,
  onAddVersion,
  onEditVersion,
}: MicrofrontendCardProps) {
  return (
    <Card data-testid="microfrontend-card" aria-label={microfrontend.name} role="region">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span>{microfrontend.name}</span>
          <Badge variant="outline" className="font-mono" data-testid="microfrontend-slug">
            {microfrontend.slug}
          </Badge>
        </CardTitle>
        <CardDescription className="space-y-1">
          {microfrontend.description && <p>{microfrontend.description}</p>}
          {microfrontend.repository && <Repository repository={microfrontend.repository} />}
        </CardDescription>
        {canManage && (
          // Below the title on phones, beside it from 640 px: a long name and slug keep their width.
          <CardAction className="col-start-1 row-start-3 flex gap-2 justify-self-start sm:col-start-2 sm:row-start-1 sm:justify-self-end">
            <Button size="sm" variant="outline" onClick={() => onAddVersion(microfrontend)}>
              <Plus aria-hidden="true" />
              Add Version
            </Button>
            <ActionsMenu name={microfrontend.name}>
              <ActionItem icon={Pencil} onSelect={() => onEdit(microfrontend)}>
                Edit
              </ActionItem>
              <ActionItem icon={Trash2} destructive onSelect={() => onDelete(microfrontend)}>
                Delete
              </ActionItem>
            </ActionsMenu>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <VersionsTable
          versions={microfrontend.versions}
          versionCount={microfrontend.versionCount}
          canManage={canManage}
          onEdit={(version) => onEditVersion(microfrontend, version)}
        />
      </CardContent>
    </Card>
  );
}
