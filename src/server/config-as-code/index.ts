/* Configuration as code (docs/config-as-code.md): what other domains (Git links, the CLI) call. */
export { exportTenant } from './export-tenant';
export { exportPlatform } from './export-platform';
export { serializeDocument, parseDocument, checkDocument, type DocumentFormat } from './document-text';
export { planDocument, type PlanOptions } from './plan';
export { applyPlan, type ApplyOptions } from './apply';
