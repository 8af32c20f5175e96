import { X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TenantCombobox, useTenantNames } from '@/tenants';

type TenantMultiPickerProps = {
  id: string;
  value: readonly string[];
  onChange: (tenantIds: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
};

/**
 * Several tenants, picked one at a time with the server-searching tenant picker (which offers only the
 * tenants the viewer can see), and shown as removable chips.
 */
export function TenantMultiPicker({ id, value, onChange, invalid, disabled }: TenantMultiPickerProps) {
  const names = useTenantNames(value);
  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tenants">
          {value.map((tenantId) => {
            const name = names?.get(tenantId) ?? tenantId;
            return (
              <li key={tenantId}>
                <Badge variant="secondary" className="gap-1 py-0 pr-0">
                  {name}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onChange(value.filter((other) => other !== tenantId))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      <TenantCombobox
        id={id}
        label="Tenants"
        placeholder="Add a tenant"
        // Always empty: picking adds a chip, and the picker is ready for the next one.
        value=""
        onChange={(tenantId) => tenantId && onChange([...value, tenantId])}
        exclude={(tenantId) => value.includes(tenantId)}
        invalid={invalid}
        disabled={disabled}
      />
    </div>
  );
}
