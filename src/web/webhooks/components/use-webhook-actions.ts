import type { Webhook, WebhookWithSecret } from '@contract/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { notifyDeleteError } from '@/concurrency';
import { useDeleteWebhook } from '@/webhooks/api/delete-webhook';
import { useRotateWebhookSecret } from '@/webhooks/api/rotate-webhook-secret';
import { useSendWebhookTest } from '@/webhooks/api/test-webhook';
import { useSetWebhookEnabled } from '@/webhooks/api/update-webhook';
import { webhookKeys } from '@/webhooks/api/webhook-keys';
import { webhookState } from '@/webhooks/lib/webhook-view';

/** A confirmation about one subscription: which, and whether it is open (kept while it closes). */
type Subject = { webhook: Webhook | null; open: boolean };
const closed: Subject = { webhook: null, open: false };

/** A confirmation's state: ask about a subscription, close (keeping it while the dialog animates out). */
function useSubject() {
  const [subject, setSubject] = useState<Subject>(closed);
  return {
    subject,
    ask: (webhook: Webhook) => setSubject({ webhook, open: true }),
    cancel: () => setSubject((current) => ({ ...current, open: false })),
  };
}

/** The test send's outcome, as the receiver took it. */
function testOutcome(url: string, statusCode: number | null, ok: boolean, error: string | null): void {
  if (ok) notifySuccess('Test event delivered', `${url} answered ${statusCode ?? 'OK'}.`);
  else
    notifyProblem(
      'Test event not delivered',
      error ?? (statusCode === null ? 'The receiver did not answer.' : `It answered ${statusCode}.`),
    );
}

/** Enable or disable (under If-Match of the row's revision), and Send test event. */
function useQuickActions() {
  const setEnabled = useSetWebhookEnabled();
  const sendTest = useSendWebhookTest();
  return {
    toggle: (webhook: Webhook) => {
      const enabled = webhookState(webhook) !== 'enabled';
      setEnabled.mutate(
        { webhook, enabled },
        {
          onSuccess: () =>
            enabled
              ? notifySuccess('Webhook enabled', `Deliveries to ${webhook.url} go on.`)
              : notifySuccess('Webhook disabled', `Nothing is sent to ${webhook.url} until it is enabled.`),
          onError: (error) => notifyError(error, 'Failed to change the webhook.'),
        },
      );
    },
    test: (webhook: Webhook) =>
      sendTest.mutate(webhook.id, {
        onSuccess: (delivery) => testOutcome(webhook.url, delivery.statusCode, delivery.ok, delivery.error),
        onError: (error) => notifyError(error, 'Failed to send the test event.'),
      }),
  };
}

/** Rotate secret: confirm, then the new secret shown once. */
function useRotation() {
  const rotate = useRotateWebhookSecret();
  const { subject, ask, cancel } = useSubject();
  const [result, setResult] = useState<WebhookWithSecret | null>(null);
  const confirm = () => {
    const webhook = subject.webhook;
    if (!webhook) return;
    rotate.mutate(webhook.id, {
      onSuccess: (rotated) => {
        notifySuccess('Secret rotated', 'The old secret keeps signing too for 24 hours.');
        setResult(rotated);
      },
      onError: (error) => notifyError(error, 'Failed to rotate the secret.'),
      onSettled: cancel,
    });
  };
  return { subject, ask, cancel, confirm, pending: rotate.isPending, result, done: () => setResult(null) };
}

/** Delete: confirm, then DELETE under If-Match of the row's revision. */
function useDeletion() {
  const queryClient = useQueryClient();
  const remove = useDeleteWebhook();
  const { subject, ask, cancel } = useSubject();
  const confirm = () => {
    const webhook = subject.webhook;
    if (!webhook) return;
    remove.mutate(
      { id: webhook.id, revision: webhook.revision },
      {
        onSuccess: () => notifySuccess('Webhook deleted', `Nothing more is sent to ${webhook.url}.`),
        onError: (error) =>
          notifyDeleteError(error, 'webhook', 'Failed to delete webhook.', {
            queryClient,
            queryKey: webhookKeys.all,
          }),
        onSettled: cancel,
      },
    );
  };
  return { subject, ask, cancel, confirm, pending: remove.isPending };
}

/** The row actions of the webhooks card: their mutations, toasts and the dialogs they open. */
export function useWebhookActions() {
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  return {
    ...useQuickActions(),
    log: { webhook: logOf, show: setLogOf, close: () => setLogOf(null) },
    edit: { webhook: editing, show: setEditing, close: () => setEditing(null) },
    rotation: useRotation(),
    deletion: useDeletion(),
  };
}

export type WebhookActions = ReturnType<typeof useWebhookActions>;
