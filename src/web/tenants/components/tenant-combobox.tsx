import { ServerCombobox } from '@/components/server-combobox';
import { tenantOptionsQueryOptions } from '@/tenants/api/get-tenant-options';

type TenantComboboxProps = {
  value: string;
  onChange: (tenantId: string) => void;
  label?: string;
  id?: string;
  /** A first entry that clears the value, e.g. "All tenants" for a filter. */
  emptyLabel?: string;
  placeholder?: string;
  exclude?: (tenantId: string) => boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
};

/** A tenant picker that searches GET /api/tenants/options as you type (any number of tenants). */
export function TenantCombobox({ label = 'Tenant', ...props }: TenantComboboxProps) {
  return (
    <ServerCombobox
      {...props}
      label={label}
      optionsQuery={tenantOptionsQueryOptions}
      placeholder={props.placeholder ?? 'Select a tenant'}
      searchPlaceholder="Search tenants..."
    />
  );
}
