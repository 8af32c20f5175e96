import { z } from 'zod';
import { timestampSchema } from './common';

export const templateLanguages = ['en', 'es', 'fr', 'de', 'zh'] as const;
export const deliveryChannels = ['email', 'sms', 'inapp'] as const;
export const templateStatuses = ['active', 'inactive'] as const;

export const notificationTemplateSchema = z.object({
  id: z.string(),
  capabilityId: z.string(),
  name: z.string(),
  language: z.string(),
  deliveryChannel: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  variables: z.array(z.string()),
  status: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  createdBy: z.string(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;
