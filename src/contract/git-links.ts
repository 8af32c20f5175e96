import { z } from 'zod';
import { httpUrl, idParamSchema, revisionSchema, timestampSchema } from './common';

/**
 * Git links (docs/config-as-code-git.md): a tenant, or the platform, kept in a file of a Git repository.
 * A pass reads the branch's head, plans the file against the live state and records each difference as
 * a drift finding; sync mode files a new commit as a release.
 */

export const gitLinkFormats = ['yaml', 'json'] as const;
export type GitLinkFormat = (typeof gitLinkFormats)[number];

/** How a finding ended: its revert applied, its adopt merged, or the difference went by itself. */
export const driftResolutions = ['reverted', 'adopted', 'gone'] as const;
export type DriftResolution = (typeof driftResolutions)[number];

/** A branch name git accepts, without the refs/heads/ prefix (the common subset of git check-ref-format). */
const branchSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (name) =>
      /^[A-Za-z0-9._/-]+$/.test(name) &&
      !name.startsWith('/') &&
      !name.endsWith('/') &&
      !name.endsWith('.lock') &&
      !name.includes('..') &&
      !name.includes('//') &&
      !name.startsWith('-'),
    'Must be a branch name (letters, digits, ., _, -, /)',
  );

/** A relative path inside the repository, to a file. */
const pathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(
    (path) =>
      !path.startsWith('/') &&
      !path.endsWith('/') &&
      // `.git` in any case: Git itself refuses a tree entry of that name (a checkout would write into
      // the repository's own metadata).
      path
        .split('/')
        .every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git'),
    'Must be a relative path to a file in the repository',
  );

const tokenSchema = z.string().trim().min(1).max(1000);

const linkFields = {
  repoUrl: httpUrl,
  branch: branchSchema,
  path: pathSchema,
  format: z.enum(gitLinkFormats),
  /** Sent as the HTTP Basic password; write-only (never in an answer); null: a public repository. */
  accessToken: tokenSchema.nullable(),
  writeAccess: z.boolean(),
  syncMode: z.boolean(),
};

export const gitLinkInputSchema = z.object({
  /** The tenant kept in Git; null: the platform (administrators only). */
  tenantId: idParamSchema.nullable().default(null),
  repoUrl: linkFields.repoUrl,
  branch: linkFields.branch.default('main'),
  path: linkFields.path,
  format: linkFields.format.default('yaml'),
  accessToken: linkFields.accessToken.default(null),
  writeAccess: linkFields.writeAccess.default(false),
  syncMode: linkFields.syncMode.default(false),
});
export type GitLinkInput = z.input<typeof gitLinkInputSchema>;

/** An edit: only the fields given change; the tenant is fixed at creation. */
export const gitLinkUpdateSchema = z.strictObject({
  repoUrl: linkFields.repoUrl.optional(),
  branch: linkFields.branch.optional(),
  path: linkFields.path.optional(),
  format: linkFields.format.optional(),
  accessToken: linkFields.accessToken.optional(),
  writeAccess: linkFields.writeAccess.optional(),
  syncMode: linkFields.syncMode.optional(),
});
export type GitLinkUpdate = z.infer<typeof gitLinkUpdateSchema>;

export const gitLinkSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  repoUrl: z.string(),
  branch: z.string(),
  path: z.string(),
  format: z.enum(gitLinkFormats),
  /** Whether a token is stored (the token itself is never sent). */
  hasAccessToken: z.boolean(),
  writeAccess: z.boolean(),
  syncMode: z.boolean(),
  lastSeenCommit: z.string().nullable(),
  syncedCommit: z.string().nullable(),
  lastCheckedAt: timestampSchema.nullable(),
  lastError: z.string().nullable(),
  /** Open drift findings. */
  openFindings: z.number().int(),
  revision: revisionSchema,
  createdById: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type GitLink = z.infer<typeof gitLinkSchema>;

export const gitLinkParamsSchema = z.object({ linkId: idParamSchema });
export const driftParamsSchema = z.object({ findingId: idParamSchema });

export const driftFindingSchema = z.object({
  id: z.string(),
  linkId: z.string(),
  resourceType: z.string(),
  resourceKey: z.string(),
  change: z.string(),
  title: z.string(),
  prune: z.boolean(),
  /** The planned change's diff, as the plan gives it. */
  diff: z.unknown(),
  commit: z.string(),
  firstSeenAt: timestampSchema,
  lastSeenAt: timestampSchema,
  revertRequestId: z.string().nullable(),
  adoptBranch: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  resolution: z.enum(driftResolutions).nullable(),
});
export type DriftFinding = z.infer<typeof driftFindingSchema>;

export const driftQuerySchema = z.object({
  /** open (default): unresolved findings; resolved; all. */
  state: z.enum(['open', 'resolved', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** What one check found. */
export const gitCheckResultSchema = z.object({
  link: gitLinkSchema,
  /** Findings recorded new by this check. */
  detected: z.number().int(),
  /** The release sync mode filed for a new commit, if it filed one. */
  syncRequestId: z.string().nullable(),
});
export type GitCheckResult = z.infer<typeof gitCheckResultSchema>;

/** Revert: the release filed (or applied directly where no approval is needed). */
export const driftRevertSchema = z.object({
  finding: driftFindingSchema,
  requestId: z.string().nullable(),
  applied: z.boolean(),
});
export const driftRevertBodySchema = z
  .object({
    /** Revert only this finding's resource (default), or everything the link's file differs in. */
    scope: z.enum(['resource', 'link']).default('resource'),
  })
  .default({ scope: 'resource' });

/** Adopt: the branch pushed, or (no write access) the file to commit. */
export const driftAdoptSchema = z.object({
  finding: driftFindingSchema,
  pushed: z.boolean(),
  branch: z.string().nullable(),
  commit: z.string().nullable(),
  path: z.string(),
  format: z.enum(gitLinkFormats),
  /** The live state's document, set when nothing was pushed: commit it at `path`. */
  content: z.string().nullable(),
});
export type DriftAdopt = z.infer<typeof driftAdoptSchema>;
