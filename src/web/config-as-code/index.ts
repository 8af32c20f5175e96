// The configuration-as-code feature's public surface (docs/config-as-code.md, docs/config-as-code-git.md):
// export, plan from a file, and the Git link with its drift, for the tenant page and Settings.
export { ConfigAsCodeCard, TenantConfigActions } from '@/config-as-code/components/config-as-code-card';
export { GitSection } from '@/config-as-code/components/git-section';
