import type { Change } from '@contract/changes';
import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useState } from 'react';
import type { ChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';

type Settled<T> = { onSuccess: (created: T) => void; onError: (error: unknown) => void };

type PromotionOptions<T> = {
  /** The target environment's approval policy: promote directly, or request the promotion. */
  request: ChangeRequestForm;
  target: Environment;
  /** The same promotion as a change request. */
  change: Change;
  /** The direct promotion: its mutation, calling back as it settles. */
  promote: (settled: Settled<T>) => void;
  promoting: boolean;
  /** The success toast's text: what the promotion made. */
  promoted: (created: T) => string;
  /** A request that applied at once (a bypass): what it changed must refetch. */
  onApplied: () => void;
  /** Before each send: clear what the last refusal showed. */
  onSend?: () => void;
  /** A refusal of the request, or of the direct promotion (then also toasted), to show in the form. */
  onRequestError?: (error: unknown) => void;
  onDirectError?: (error: unknown) => void;
  onDone: () => void;
};

export type Promotion = {
  request: ChangeRequestForm;
  requesting: boolean;
  pending: boolean;
  confirming: boolean;
  /** The Promote button: asks first where it must, else sends. */
  start: () => void;
  /** The confirmation's button. */
  send: () => void;
  cancel: () => void;
};

/**
 * A promotion's flow, shared by every versioned resource: directly, or as a change request where the
 * target's policy needs approval; a promotion that applies now to production asks first.
 */
export function usePromotion<T>(options: PromotionOptions<T>): Promotion {
  const { request, target, change, promote, onApplied, onDone } = options;
  const [confirming, setConfirming] = useState(false);
  const requesting = request.mode === 'request';
  const targetName = environmentName(target);

  const sendRequest = () =>
    request.submit(change, {
      onSuccess: (created) => {
        // Nothing changes until the request applies; a bypass applies now.
        if (created.status === 'applied') onApplied();
        setConfirming(false);
        onDone();
      },
      onError: (error) => {
        setConfirming(false);
        options.onRequestError?.(error);
      },
    });

  const send = () => {
    options.onSend?.();
    if (requesting) return sendRequest();
    promote({
      onSuccess: (created) => {
        notifySuccess(`Promoted to ${targetName}`, options.promoted(created));
        setConfirming(false);
        onDone();
      },
      onError: (error) => {
        setConfirming(false);
        // The policy changed since the dialog opened: it stays open and now requests the promotion.
        if (request.handleDirectError(error)) return;
        options.onDirectError?.(error);
        notifyError(error, `Failed to promote to ${targetName}`);
      },
    });
  };

  // Production asks first when the promotion applies now: directly, or by a bypass. A request waits
  // for its reviewers, so it does not ask.
  const asks = target === 'production' && (!requesting || request.bypass);
  return {
    request,
    requesting,
    pending: options.promoting || request.pending,
    confirming,
    start: () => (asks ? setConfirming(true) : send()),
    send,
    cancel: () => setConfirming(false),
  };
}
