import { authProviders, identityProviders } from '@contract/common';
import type { UseFormReturn } from 'react-hook-form';
import { CodeEditorField } from '@/components/code-editor';
import { FormSelect } from '@/components/form-select';
import type { InfrastructureField, InfrastructureFormValues } from '@/tenants/list/lib/infrastructure-form';
import { withCurrent } from '@/tenants/list/lib/labels';

type Form = UseFormReturn<InfrastructureFormValues>;

const IDP_LABELS: Record<(typeof identityProviders)[number], string> = {
  auth0: 'Auth0',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  google: 'Google',
  cognito: 'AWS Cognito',
  keycloak: 'Keycloak',
};
const AUTH_LABELS: Record<(typeof authProviders)[number], string> = {
  oauth2: 'OAuth 2.0',
  saml: 'SAML',
  oidc: 'OpenID Connect',
  jwt: 'JWT',
};
const idpOptions = identityProviders.map((value) => ({ value, label: IDP_LABELS[value] }));
const authOptions = authProviders.map((value) => ({ value, label: AUTH_LABELS[value] }));

export function JsonField({
  form,
  name,
  label,
  placeholder,
  rows = 6,
}: {
  form: Form;
  name: Exclude<InfrastructureField, 'idpProvider' | 'authProvider'>;
  label: string;
  placeholder: string;
  rows?: number;
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
export function IdentityAuthFields({ form }: { form: Form }) {
  const defaults = form.formState.defaultValues;
  return (
    <div className="grid gap-4">
      <FormSelect
        control={form.control}
        name="idpProvider"
        id="infrastructure-idpProvider"
        label="Identity Provider"
        placeholder="Select an identity provider"
        options={withCurrent(idpOptions, defaults?.idpProvider)}
      />
      <JsonField
        form={form}
        name="idpConfiguration"
        label="IDP Configuration"
        rows={4}
        placeholder={'{\n  "domain": "acme.auth0.com",\n  "clientId": "your-client-id"\n}'}
      />
      <FormSelect
        control={form.control}
        name="authProvider"
        id="infrastructure-authProvider"
        label="Authorization Provider"
        placeholder="Select an authorization provider"
        options={withCurrent(authOptions, defaults?.authProvider)}
      />
      <JsonField
        form={form}
        name="authConfiguration"
        label="Auth Configuration"
        rows={4}
        placeholder={'{\n  "scopes": ["openid", "profile", "email"],\n  "tokenExpiry": 3600\n}'}
      />
    </div>
  );
}
