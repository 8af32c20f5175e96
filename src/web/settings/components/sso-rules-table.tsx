import { Plus } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SsoRuleRow } from '@/settings/components/sso-rule-row';
import { newRule, type SsoForm } from '@/settings/lib/sso-form';

/** The group rules: a group grants global administration, or a role in one tenant. */
export function SsoRulesTable({ form }: { form: UseFormReturn<SsoForm> }) {
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  return (
    <section className="space-y-3" aria-labelledby="sso-rules-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="space-y-1">
          <h3 id="sso-rules-title" className="text-sm font-medium">
            Group rules
          </h3>
          <p className="text-sm text-muted-foreground">
            Applied at each sign-in. When several rules name one tenant, the strongest role wins.
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => rules.append(newRule())}>
          <Plus aria-hidden="true" />
          Add rule
        </Button>
      </div>
      {rules.fields.length === 0 ? (
        <p className="rounded-md border border-dashed py-6 text-center text-sm text-muted-foreground">
          No group rules yet. Add one to give the members of a group a role.
        </p>
      ) : (
        <Table aria-labelledby="sso-rules-title">
          <TableHeader>
            <TableRow>
              <TableHead>Group</TableHead>
              <TableHead>Grants</TableHead>
              <TableHead>Tenant</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>
                <span className="sr-only">Remove</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rules.fields.map((field, index) => (
              <SsoRuleRow key={field.id} form={form} index={index} onRemove={() => rules.remove(index)} />
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
