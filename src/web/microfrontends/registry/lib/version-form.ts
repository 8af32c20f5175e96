import { z } from 'zod';
import {
  DEFAULT_MODULE_TYPE,
  INTEGRITY_HASH_PATTERN,
  moduleTypes,
  type MicrofrontendVersion,
  type MicrofrontendVersionPatch,
} from '@contract/microfrontends';
import { joinModules, splitModules } from '@/microfrontends/registry/lib/exposed-modules';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const jsonText = (label: string) =>
  z
    .string()
    .max(50_000)
    .refine((text) => text.trim() === '' || parses(text), `${label} must be valid JSON`);

/**
 * The Add Version / Edit Version form, as the inputs hold it: exposed modules are typed comma
 * separated and sent as a JSON list; the JSON fields are optional text. The server checks the same.
 */
export const versionFormSchema = z.object({
  version: z.string().trim().min(1, 'Version is required').max(100),
  entryUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)),
      'Must be an http(s) URL',
    ),
  moduleType: z.enum(moduleTypes),
  exposedModules: z.string().max(10_000),
  integrityHash: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || INTEGRITY_HASH_PATTERN.test(value),
      'Must be sha256-, sha384- or sha512- followed by base64',
    ),
  defaultConfig: jsonText('Default config'),
  sharedDependencies: jsonText('Shared dependencies'),
  buildMetadata: jsonText('Build metadata'),
});
export type VersionFormInput = z.input<typeof versionFormSchema>;
export type VersionFormValues = z.output<typeof versionFormSchema>;

/** Form fields (the schema's keys); also the body fields a 400 can name. */
export const versionFormFields = versionFormSchema.keyof().options;

const pretty = (text: string | null) => {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

export function versionFormDefaults(version?: MicrofrontendVersion): VersionFormInput {
  return {
    version: version?.version ?? '',
    entryUrl: version?.entryUrl ?? '',
    moduleType: version?.moduleType ?? DEFAULT_MODULE_TYPE,
    exposedModules: joinModules(version?.exposedModules ?? null),
    integrityHash: version?.integrityHash ?? '',
    defaultConfig: pretty(version?.defaultConfig ?? null),
    sharedDependencies: pretty(version?.sharedDependencies ?? null),
    buildMetadata: pretty(version?.buildMetadata ?? null),
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The request body (without microfrontendId): empty fields are null, modules a JSON list. */
export function toVersionBody(values: VersionFormValues): MicrofrontendVersionPatch & { version: string } {
  const modules = splitModules(values.exposedModules);
  return {
    version: values.version,
    entryUrl: orNull(values.entryUrl),
    moduleType: values.moduleType,
    exposedModules: modules.length > 0 ? JSON.stringify(modules) : null,
    integrityHash: orNull(values.integrityHash),
    defaultConfig: orNull(values.defaultConfig),
    sharedDependencies: orNull(values.sharedDependencies),
    buildMetadata: orNull(values.buildMetadata),
  };
}
