import { ssoClaimSchema, type SsoRule, type SsoSettings, type SsoSettingsInput } from '@contract/sso';
import { tenantRoleSchema } from '@contract/users';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/** What a rule grants: global administration, or a role in one tenant. */
export const ruleGrants = ['admin', 'tenant'] as const;
export type RuleGrant = (typeof ruleGrants)[number];
export const ruleGrantNames: Record<RuleGrant, string> = { admin: 'Global admin', tenant: 'Tenant role' };

/** One row of the rules table, with every column present (the unused ones ignored when saving). */
const ruleFormSchema = z
  .object({
    group: z.string().trim().min(1, 'Group is required').max(256, 'At most 256 characters'),
    grants: z.enum(ruleGrants),
    tenantId: z.string(),
    role: tenantRoleSchema,
  })
  .refine((rule) => rule.grants === 'admin' || rule.tenantId !== '', {
    path: ['tenantId'],
    message: 'Tenant is required',
  });
export type SsoRuleForm = z.infer<typeof ruleFormSchema>;

export const ssoFormSchema = z.object({
  claim: ssoClaimSchema,
  jitProvisioning: z.boolean(),
  rules: z.array(ruleFormSchema),
});
export type SsoForm = z.infer<typeof ssoFormSchema>;

export const newRule = (): SsoRuleForm => ({ group: '', grants: 'tenant', tenantId: '', role: 'member' });

function ruleToForm(rule: SsoRule): SsoRuleForm {
  return 'globalRole' in rule
    ? { group: rule.group, grants: 'admin', tenantId: '', role: 'member' }
    : { group: rule.group, grants: 'tenant', tenantId: rule.tenantId, role: rule.role };
}

export function toSsoForm(settings: SsoSettings): SsoForm {
  return {
    claim: settings.claim,
    jitProvisioning: settings.jitProvisioning,
    rules: settings.rules.map(ruleToForm),
  };
}

export function toSsoInput(form: SsoForm): SsoSettingsInput {
  return {
    claim: form.claim.trim(),
    jitProvisioning: form.jitProvisioning,
    rules: form.rules.map(({ group, grants, tenantId, role }): SsoRule =>
      grants === 'admin'
        ? { group: group.trim(), globalRole: 'admin' }
        : { group: group.trim(), tenantId, role },
    ),
  };
}

const ruleColumns = ['group', 'tenantId', 'role'] as const;
type RuleColumn = (typeof ruleColumns)[number];
const isRuleColumn = (name: string | undefined): name is RuleColumn => ruleColumns.some((c) => c === name);

/** The form field a server issue's path names ("body.rules.2.tenantId" -> rules.2.tenantId), if any. */
export function ssoIssueField(path: string): Path<SsoForm> | undefined {
  const [scope, field, index, column] = path.split('.');
  if (scope !== 'body') return undefined;
  if (field === 'claim') return 'claim';
  if (field !== 'rules' || index === undefined || !/^\d+$/.test(index)) return undefined;
  const row = Number(index);
  // A rule refused as a whole (neither shape of the union) is told on its grant column.
  return isRuleColumn(column) ? `rules.${row}.${column}` : `rules.${row}.grants`;
}

/** A 400's issues as form fields and messages; the ones no field shows are left to the toast. */
export function ssoFieldIssues(error: unknown): { field: Path<SsoForm>; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues.flatMap(({ path, message }) => {
    const field = ssoIssueField(path);
    return field ? [{ field, message }] : [];
  });
}
