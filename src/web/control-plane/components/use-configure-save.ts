import { useQueryClient } from '@tanstack/react-query';
import { useState, type BaseSyntheticEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import type { ChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';
import { useCreateVersion } from '@/control-plane/api/create-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import {
  configurationIssues,
  toCreateVersionBody,
  type ConfigureFormValues,
} from '@/control-plane/lib/configure-form';

type Options = {
  tenantId: string;
  capabilityId: string;
  form: UseFormReturn<ConfigureFormValues>;
  onDone: () => void;
};

/**
 * Saves Configure Capability: the next configuration version of the chosen context. The tenant's
 * approval policy decides per environment: create it directly, or request it (configuration.create).
 */
export function useConfigureSave({ tenantId, capabilityId, form, onDone }: Options): {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  request: ChangeRequestForm;
  requesting: boolean;
  pending: boolean;
  /** The server's issues about the configuration (invalid JSON, JSON Schema violations). */
  issues: string[];
} {
  const create = useCreateVersion();
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<string[]>([]);
  const environment = useWatch({ control: form.control, name: 'environment' });
  const request = useChangeRequestForm({ tenantId, environment: environment || null });
  const requesting = request.mode === 'request';

  const submit = form.handleSubmit((values) => {
    const body = toCreateVersionBody(tenantId, capabilityId, values);
    if (!body) return;
    setIssues([]);
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        { kind: 'configuration.create', body },
        {
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateVersions(queryClient, tenantId);
            onDone();
          },
          // The change's body issues are this form's own (body.change.body.configuration...).
          onError: (error) => setIssues(configurationIssues(asDirectError(error))),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess('Configuration saved', 'New version created successfully');
        onDone();
      },
      onError: (error) => {
        if (request.handleDirectError(error)) return;
        setIssues(configurationIssues(error));
        notifyError(error, 'Failed to create configuration version');
      },
    });
  });

  return { submit, request, requesting, pending: create.isPending || request.pending, issues };
}
