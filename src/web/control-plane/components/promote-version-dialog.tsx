import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { environmentName } from '@contract/vocabulary';
import type { Tenant } from '@contract/tenants';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { PromotionActions, PromotionDialog, promotionTarget } from '@/versioned';
import { usePromoteForm, type PromoteFormProps } from '@/control-plane/components/use-promote-form';
import { RegionCheckboxes } from '@/control-plane/components/region-checkboxes';
import { TargetDiffs } from '@/control-plane/components/target-diffs';
import type { DialogOpenProps } from '@/components/dialog-open';

type PromoteVersionDialogProps = DialogOpenProps & {
  /** Its governance limits the target regions offered. */
  tenant: Tenant;
  /** The version to promote; its environment decides the target. */
  version: ConfigurationVersion | undefined;
  capabilityName: string | undefined;
  /** After a successful promotion (the dialog has closed itself). */
  onPromoted?: () => void;
};

/**
 * "Promote to UAT/Production" (docs/promotion.md): pick the target regions the tenant accepts, see what
 * the configuration would change against what is active in each, then promote. Production asks first.
 */
export function PromoteVersionDialog({
  open,
  onOpenChange,
  tenant,
  version,
  capabilityName,
  onPromoted,
}: PromoteVersionDialogProps) {
  const target = version ? promotionTarget(version.environment) : null;
  return (
    <PromotionDialog
      open={open}
      onOpenChange={onOpenChange}
      target={target}
      description={
        version
          ? `${capabilityName ?? version.capabilityId} · version ${version.version} of ${environmentName(version.environment)} · ${version.region}`
          : ''
      }
    >
      {/* Mounted only while open: every opening starts from the preselected region. */}
      {open && version && target && (
        <PromoteForm
          tenant={tenant}
          version={version}
          target={target}
          onDone={() => {
            onOpenChange(false);
            onPromoted?.();
          }}
        />
      )}
    </PromotionDialog>
  );
}

function PromoteForm(props: PromoteFormProps) {
  const { tenant, version, target } = props;
  const { enabled, offered, regions, toggleRegion, chosen, notes, setNotes, promotion } =
    usePromoteForm(props);
  const targetName = environmentName(target);

  if (!enabled || offered.length === 0) {
    return (
      <p className="py-4 text-sm text-muted-foreground" role="status">
        {enabled
          ? `This tenant accepts no region in ${targetName}.`
          : `${targetName} is not enabled for this tenant.`}
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <RegionCheckboxes
        legend={`Target regions in ${targetName}`}
        idPrefix="promote"
        regions={offered}
        checked={regions}
        disabled={promotion.pending}
        onChange={toggleRegion}
      />
      <TargetDiffs tenantId={tenant.id} version={version} target={target} regions={chosen} />
      <div className="space-y-2">
        <Label htmlFor="promote-notes">Notes</Label>
        <Textarea
          id="promote-notes"
          value={notes}
          maxLength={2000}
          onChange={(event) => setNotes(event.target.value)}
          disabled={promotion.pending}
        />
      </div>
      <PromotionActions
        promotion={promotion}
        blocked={chosen.length === 0}
        confirmTitle={`Promote version ${version.version} to Production in ${chosen.join(', ')}?`}
        confirmDescription="It becomes the active Production configuration there at once. Activating the previous version in the history takes it back."
      />
    </div>
  );
}
