import { ChangesPage } from '@/changes';
import { TenantCombobox } from '@/tenants';

/**
 * /changes, composed here: the tenants feature's dialogs use the changes feature to request changes, so
 * the Changes console cannot import the tenants feature back for its tenant filter; the app hands it over.
 */
export function ChangesRoute() {
  return <ChangesPage tenantPicker={TenantCombobox} />;
}
