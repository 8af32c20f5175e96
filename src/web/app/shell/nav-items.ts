import type { LucideIcon } from 'lucide-react';
import {
  AppWindow,
  Blocks,
  Building2,
  LayoutDashboard,
  Layers,
  Puzzle,
  Rocket,
  ScrollText,
  GitPullRequestArrow,
  Settings,
  Users,
} from 'lucide-react';

export type NavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Other path patterns that belong to this entry (detail pages without their own entry). */
  alsoMatches?: string[];
};

/** The sidebar of docs/product.md, Shell, in this order. New entries go after these. */
export const navItems: NavItem[] = [
  { title: 'Overview', to: '/', icon: LayoutDashboard },
  { title: 'Tenants', to: '/tenants', icon: Building2, alsoMatches: ['/tenant/*'] },
  { title: 'User Management', to: '/users', icon: Users },
  { title: 'Capabilities', to: '/apis', icon: Blocks, alsoMatches: ['/capability/*'] },
  { title: 'Web Apps', to: '/apps', icon: AppWindow },
  { title: 'Web App Builder', to: '/web-app-builder', icon: Layers },
  { title: 'Deployments', to: '/deployments', icon: Rocket },
  { title: 'Settings', to: '/settings', icon: Settings },
];

/**
 * Entries beyond the spec, after its ones, in their own group (so the spec's Main list stays exactly as
 * written). Audit Log: only for administrators and tenant owners (the server refuses anyone else).
 */
export const auditLogNavItem: NavItem = { title: 'Audit Log', to: '/audit-log', icon: ScrollText };

/** The microfrontend registry (issue 7): every signed-in user reads it, in its own group after the spec's. */
export const microfrontendsNavItem: NavItem = {
  title: 'Microfrontends',
  to: '/microfrontends',
  icon: Puzzle,
};

/** Change requests (four eyes): every signed-in user, with the count waiting for their approval. */
export const changesNavItem: NavItem = { title: 'Changes', to: '/changes', icon: GitPullRequestArrow };
