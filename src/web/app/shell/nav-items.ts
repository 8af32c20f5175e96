import type { LucideIcon } from 'lucide-react';
import { AppWindow, Blocks, Building2, LayoutDashboard, Layers, Rocket, Settings, Users } from 'lucide-react';

export type NavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Other path patterns that belong to this entry (detail pages without their own entry). */
  alsoMatches?: string[];
};

/** SPEC.md section 2, in this order. New entries go after these. */
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
