import { z } from 'zod';
import { idParamSchema, timestampSchema } from './common';

export const auditEventSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** Set when the actor used an API token: which one (its name as it was then). */
  actorTokenId: z.string().nullable(),
  actorTokenName: z.string().nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  tenantId: z.string().nullable(),
  /** JSON text: what changed. */
  changes: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  /** Matches the actor's email (contains) or id (exact). */
  actor: z.string().trim().max(320).optional(),
  resourceType: z.string().trim().max(100).optional(),
  tenantId: idParamSchema.optional(),
  from: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The audited resource types live in their registry (resource-types.ts); re-exported for the schemas' users. */
export { AUDIT_RESOURCE_TYPES, type AuditResourceType } from './resource-types';
