import {
  gitLinkFormats,
  gitLinkInputSchema,
  type GitLink,
  type GitLinkInput,
  type GitLinkUpdate,
} from '@contract/git-links';
import { z } from 'zod';

/** The link form: the contract's rules per field; the token is write-only, so '' means none (or keep). */
export const gitLinkFormSchema = z.object({
  repoUrl: gitLinkInputSchema.shape.repoUrl,
  branch: gitLinkInputSchema.shape.branch.unwrap(),
  path: gitLinkInputSchema.shape.path,
  format: z.enum(gitLinkFormats),
  accessToken: z.string().trim().max(1000, 'Must be at most 1000 characters'),
  writeAccess: z.boolean(),
  syncMode: z.boolean(),
});
export type GitLinkFormInput = z.input<typeof gitLinkFormSchema>;
export type GitLinkFormValues = z.output<typeof gitLinkFormSchema>;

export const GIT_LINK_FIELDS = [
  'repoUrl',
  'branch',
  'path',
  'format',
  'accessToken',
  'writeAccess',
  'syncMode',
] as const;
type Field = (typeof GIT_LINK_FIELDS)[number];
export const asGitLinkField = (field: string): Field | undefined =>
  GIT_LINK_FIELDS.find((name) => name === field);

/** A new link's form, or an existing one's (the token never comes back: the box starts empty). */
export function gitLinkDefaults(link: GitLink | null): GitLinkFormInput {
  return {
    repoUrl: link?.repoUrl ?? '',
    branch: link?.branch ?? 'main',
    path: link?.path ?? '',
    format: link?.format ?? 'yaml',
    accessToken: '',
    writeAccess: link?.writeAccess ?? false,
    syncMode: link?.syncMode ?? false,
  };
}

/** The POST body of a new link for a tenant (null: the platform). */
export const toGitLinkInput = (tenantId: string | null, values: GitLinkFormValues): GitLinkInput => ({
  tenantId,
  ...values,
  accessToken: values.accessToken === '' ? null : values.accessToken,
});

/** The PATCH of an edit: the fields that differ from the link; an empty token box keeps the stored token. */
export function toGitLinkUpdate(link: GitLink, values: GitLinkFormValues): GitLinkUpdate {
  const edit: GitLinkUpdate = {};
  if (values.repoUrl !== link.repoUrl) edit.repoUrl = values.repoUrl;
  if (values.branch !== link.branch) edit.branch = values.branch;
  if (values.path !== link.path) edit.path = values.path;
  if (values.format !== link.format) edit.format = values.format;
  if (values.accessToken !== '') edit.accessToken = values.accessToken;
  // A stored token stays with its repository (the API refuses to keep it for a new URL): left empty, none.
  else if (edit.repoUrl !== undefined && link.hasAccessToken) edit.accessToken = null;
  if (values.writeAccess !== link.writeAccess) edit.writeAccess = values.writeAccess;
  if (values.syncMode !== link.syncMode) edit.syncMode = values.syncMode;
  return edit;
}
