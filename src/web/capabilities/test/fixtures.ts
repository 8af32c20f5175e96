import type { Capability } from '@contract/capabilities';
import type { NotificationTemplate } from '@contract/notification-templates';

// Radix Select and friends use pointer capture and scrollIntoView, which jsdom lacks.
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};
// Radix Switch measures its thumb.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export function makeCapability(overrides: Partial<Capability> = {}): Capability {
  return {
    id: 'api-001',
    revision: 1,
    name: 'Identity & Access Service',
    description: 'Single sign-on and token issuance.',
    version: '3.2.1',
    status: 'available',
    endpoint: 'https://api.example.com/identity/v3',
    category: 'Security',
    blueGreenConfig: null,
    configurationSchema: null,
    supportsNotificationTemplates: false,
    ...overrides,
  };
}

export function makeTemplate(overrides: Partial<NotificationTemplate> = {}): NotificationTemplate {
  return {
    id: 'template-001',
    revision: 1,
    capabilityId: 'api-007',
    name: 'Welcome Email',
    language: 'en',
    deliveryChannel: 'email',
    subject: 'Welcome, {{firstName}}!',
    content: 'Hi {{firstName}}, sign in at {{loginUrl}}.',
    variables: ['firstName', 'loginUrl'],
    status: 'active',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    createdBy: 'system',
    ...overrides,
  };
}

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
