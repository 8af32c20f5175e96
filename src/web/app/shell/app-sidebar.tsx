import { Boxes } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import {
  auditLogNavItem,
  changesNavItem,
  microfrontendsNavItem,
  navItems,
  type NavItem,
} from '@/app/shell/nav-items';
import { useCanReadAuditLog } from '@/auth';
import { ChangesNavBadge, ChangesNavLabel } from '@/changes';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { PRODUCT_NAME } from '@/lib/product';

export { PRODUCT_NAME };

function isActive(item: NavItem, pathname: string): boolean {
  // '/' matches only itself; other entries also own their nested paths (e.g. /apps/create-mesh).
  const own = matchPath({ path: item.to, end: item.to === '/' }, pathname);
  return Boolean(own) || (item.alsoMatches ?? []).some((pattern) => matchPath(pattern, pathname));
}

type NavEntriesProps = {
  items: NavItem[];
  pathname: string;
  onNavigate: () => void;
  /** Renders an entry's title (with what screen readers should hear), instead of the plain text. */
  label?: (title: string) => ReactNode;
  /** Shown after an entry's title, inside its link. */
  badge?: ReactNode;
};

function NavEntries({ items, pathname, onNavigate, label, badge }: NavEntriesProps) {
  return (
    <SidebarMenu>
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <SidebarMenuItem key={item.to}>
            <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
              <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                <item.icon aria-hidden="true" />
                <span>{label ? label(item.title) : item.title}</span>
                {badge}
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

/** A labelled group of the sidebar, its entries in a nav of the same name. */
function NavGroup({ title, nav = title, ...entries }: { title: string; nav?: string } & NavEntriesProps) {
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{title}</SidebarGroupLabel>
      <SidebarGroupContent>
        <nav aria-label={nav}>
          <NavEntries {...entries} />
        </nav>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

/** The product's name and mark, a link to the Overview. */
function SidebarBrand({ onNavigate }: { onNavigate: () => void }) {
  return (
    <SidebarHeader>
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton size="lg" asChild>
            <Link to="/" onClick={onNavigate}>
              <div className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                <Boxes className="size-4" aria-hidden="true" />
              </div>
              <div className="grid flex-1 text-left leading-tight">
                <span className="truncate font-semibold" data-testid="product-name">
                  {PRODUCT_NAME}
                </span>
                <span className="truncate text-xs text-sidebar-foreground/70" data-testid="product-subtitle">
                  Resource Manager
                </span>
              </div>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </SidebarHeader>
  );
}

export function AppSidebar() {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const canReadAuditLog = useCanReadAuditLog();
  // On mobile the sidebar is a sheet: close it once an entry is chosen.
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  const where = { pathname, onNavigate: closeOnMobile };

  return (
    <Sidebar collapsible="icon">
      {/* One landmark for all of the sidebar (its heading and group labels included), holding the navs. */}
      <aside aria-label="Sidebar" className="flex min-h-0 flex-1 flex-col">
        <SidebarBrand onNavigate={closeOnMobile} />
        <SidebarContent>
          <NavGroup title="Navigation" nav="Main" items={navItems} {...where} />
          <NavGroup title="Registry" items={[microfrontendsNavItem]} {...where} />
          <NavGroup
            title="Review"
            items={[changesNavItem]}
            {...where}
            label={(title) => <ChangesNavLabel title={title} />}
            badge={<ChangesNavBadge />}
          />
          {canReadAuditLog && <NavGroup title="Administration" items={[auditLogNavItem]} {...where} />}
        </SidebarContent>
      </aside>
      <SidebarRail />
    </Sidebar>
  );
}
