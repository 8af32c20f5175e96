import {
  authProviderNames,
  authProviders,
  identityProviderNames,
  identityProviders,
} from '@contract/vocabulary';
import { Fragment } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CodeEditorField } from '@/components/code-editor';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SavedValueSelect } from '@/tenants/list/components/saved-value-select';
import {
  infrastructureTabs,
  type InfrastructureField,
  type InfrastructureFormValues,
  type InfrastructureTab,
} from '@/tenants/list/lib/infrastructure-form';

type Form = UseFormReturn<InfrastructureFormValues>;

/** The Identity & Auth tab: each provider (a select) followed by its JSON settings. */
const PROVIDERS = [
  {
    name: 'idpProvider',
    label: 'Identity Provider',
    placeholder: 'Select an identity provider',
    options: identityProviders.map((value) => ({ value, label: identityProviderNames[value] })),
    settings: {
      name: 'idpConfiguration',
      label: 'IDP Configuration',
      placeholder: '{\n  "domain": "acme.auth0.com",\n  "clientId": "your-client-id"\n}',
    },
  },
  {
    name: 'authProvider',
    label: 'Authorization Provider',
    placeholder: 'Select an authorization provider',
    options: authProviders.map((value) => ({ value, label: authProviderNames[value] })),
    settings: {
      name: 'authConfiguration',
      label: 'Auth Configuration',
      placeholder: '{\n  "scopes": ["openid", "profile", "email"],\n  "tokenExpiry": 3600\n}',
    },
  },
] as const;

/** The API Gateway and Policy Server tabs: one JSON text each. */
const SETTINGS_TABS = [
  {
    tab: 'gateway',
    name: 'apiGatewayConfiguration',
    label: 'API Gateway Configuration',
    placeholder:
      '{\n  "rateLimit": { "requests": 1000, "per": "minute" },\n  "cors": { "origins": ["https://app.example.com"] }\n}',
  },
  {
    tab: 'policy',
    name: 'policyServerConfiguration',
    label: 'Policy Server Configuration',
    placeholder: '{\n  "engine": "opa",\n  "decisionLogs": true,\n  "auditRetention": "90d"\n}',
  },
] as const;

function JsonField({
  form,
  name,
  label,
  placeholder,
  rows,
}: {
  form: Form;
  name: Exclude<InfrastructureField, 'idpProvider' | 'authProvider'>;
  label: string;
  placeholder: string;
  rows: number;
}) {
  return (
    <CodeEditorField
      control={form.control}
      name={name}
      id={`infrastructure-${name}`}
      label={label}
      placeholder={placeholder}
      minLines={rows}
      description="JSON. Leave empty for none."
      error={form.formState.errors[name]}
    />
  );
}

/** Identity & Auth tab: the identity provider (6) and authorization provider (4) with their JSON settings. */
function IdentityAuthFields({ form }: { form: Form }) {
  return (
    <div className="grid gap-4">
      {PROVIDERS.map(({ settings, ...provider }) => (
        <Fragment key={provider.name}>
          <SavedValueSelect form={form} idPrefix="infrastructure" {...provider} />
          <JsonField form={form} rows={4} {...settings} />
        </Fragment>
      ))}
    </div>
  );
}

/** Configure Tenant Infrastructure's tabs and their fields; `tab` is lifted so a refused field can show. */
export function InfrastructureTabs({
  form,
  tab,
  onTabChange,
}: {
  form: Form;
  tab: InfrastructureTab;
  onTabChange: (tab: InfrastructureTab) => void;
}) {
  const selectTab = (value: string) => {
    const chosen = infrastructureTabs.find((option) => option.value === value);
    if (chosen) onTabChange(chosen.value);
  };
  return (
    <Tabs value={tab} onValueChange={selectTab}>
      <TabsList className="w-full">
        {infrastructureTabs.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="identity" className="pt-2">
        <IdentityAuthFields form={form} />
      </TabsContent>
      {SETTINGS_TABS.map(({ tab: value, ...field }) => (
        <TabsContent key={value} value={value} className="pt-2">
          <JsonField form={form} rows={10} {...field} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
