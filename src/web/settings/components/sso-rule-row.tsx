import { tenantRoleNames, tenantRoles } from '@contract/roles';
import { Trash2 } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableCell, TableRow } from '@/components/ui/table';
import { ruleGrantNames, ruleGrants, type SsoForm } from '@/settings/lib/sso-form';
import { TenantCombobox } from '@/tenants';

type SsoRuleRowProps = {
  form: UseFormReturn<SsoForm>;
  index: number;
  onRemove: () => void;
};

const grantOptions = ruleGrants.map((grant) => ({ value: grant, label: ruleGrantNames[grant] }));
const roleOptions = tenantRoles.map((role) => ({ value: role, label: tenantRoleNames[role] }));

type RuleSelectCellProps = Pick<SsoRuleRowProps, 'form'> & {
  name: `rules.${number}.grants` | `rules.${number}.role`;
  /** The trigger's id; its error is `${id}-error`. */
  id: string;
  label: string;
  error: { message?: string } | undefined;
  options: readonly { value: string; label: string }[];
  className: string;
};

/** A cell with one of a rule's selects (what it grants, the role) and its error. */
function RuleSelectCell({ form, name, id, label, error, options, className }: RuleSelectCellProps) {
  return (
    <TableCell className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps(id, !!error)}
              aria-label={label}
              className="w-full"
              ref={field.ref}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError id={`${id}-error`} errors={[error]} />
    </TableCell>
  );
}

/**
 * One group rule: the group, what it grants, and for a tenant role the tenant and the role. The form's
 * fieldset disables it while a save is in flight.
 */
export function SsoRuleRow({ form, index, onRemove }: SsoRuleRowProps) {
  const errors = form.formState.errors.rules?.[index];
  const grants = form.watch(`rules.${index}.grants`);
  const id = `sso-rule-${index}`;
  const n = index + 1;
  return (
    <TableRow data-testid="sso-rule">
      <TableCell className="min-w-40 align-top">
        <Input
          {...fieldControlProps(`${id}-group`, !!errors?.group)}
          aria-label={`Group of rule ${n}`}
          placeholder="platform-admins"
          {...form.register(`rules.${index}.group`)}
        />
        <FieldError id={`${id}-group-error`} errors={[errors?.group]} />
      </TableCell>
      <RuleSelectCell
        form={form}
        name={`rules.${index}.grants`}
        id={`${id}-grants`}
        label={`Grants of rule ${n}`}
        error={errors?.grants}
        options={grantOptions}
        className="min-w-36 align-top"
      />
      {grants === 'admin' ? (
        <TableCell colSpan={2} className="align-top text-sm text-muted-foreground">
          <span className="inline-block py-2">Every tenant, every action</span>
        </TableCell>
      ) : (
        <TenantRoleCells form={form} index={index} />
      )}
      <TableCell className="w-10 align-top">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove rule ${n}`}

          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The tenant (searched on the server) and the role a tenant rule gives in it. */
function TenantRoleCells({ form, index }: Omit<SsoRuleRowProps, 'onRemove'>) {
  const errors = form.formState.errors.rules?.[index];
  const id = `sso-rule-${index}`;
  const n = index + 1;
  return (
    <>
      <TableCell className="min-w-48 align-top">
        <Controller
          control={form.control}
          name={`rules.${index}.tenantId`}
          render={({ field }) => (
            <TenantCombobox
              id={`${id}-tenant`}
              label={`Tenant of rule ${n}`}
              value={field.value}
              onChange={field.onChange}

              invalid={!!errors?.tenantId}
              className="w-full"
            />
          )}
        />
        <FieldError id={`${id}-tenant-error`} errors={[errors?.tenantId]} />
      </TableCell>
      <RuleSelectCell
        form={form}
        name={`rules.${index}.role`}
        id={`${id}-role`}
        label={`Role of rule ${n}`}
        error={errors?.role}
        options={roleOptions}
        className="min-w-32 align-top"
      />
    </>
  );
}
