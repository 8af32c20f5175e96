import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceEffects } from '@/app/resource-effects';
import { touchedBy } from '@/live';
import { EVERYTHING } from '@/lib/resource-effects';
import { attentionKeys } from '@/overview';
import { makeLiveEvent } from '@/test/fake-event-source';

/* The Overview's cards follow the live events of what they summarise (docs/overview.md). */

const refreshes = (resourceType: string, action: string, key: QueryKey) => {
  const touched = touchedBy(
    resourceEffects,
    makeLiveEvent({ resourceType, action, resourceId: 'x', tenantId: 'tenant-001' }),
  );
  return touched === EVERYTHING || touched.some((root) => partialMatchKey(key, root));
};

describe('the Overview cards refresh on live events', () => {
  it.each([
    ['change-request', 'change_request.create', attentionKeys.card('requests')],
    ['change-request', 'change_request.approve', attentionKeys.card('activity')],
    ['change-request', 'change_request.schedule', attentionKeys.card('scheduled')],
    ['deployment', 'rollout.step', attentionKeys.card('rollouts')],
    ['deployment', 'deployment.health', attentionKeys.card('slots')],
    ['deployment', 'deployment.health', attentionKeys.latency('slot-1')],
  ])('a %s event (%s) refreshes %j', (type, action, key) => {
    expect(refreshes(type, action, key)).toBe(true);
  });

  it('a user event does not', () => {
    expect(refreshes('user', 'user.update', attentionKeys.card('requests'))).toBe(false);
  });
});
