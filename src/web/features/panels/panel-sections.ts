import {
  Building2,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  Package,
  Settings,
  ShoppingBag,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@shared/accounts/accounts.schema';

export interface PanelSection {
  /** Relative to the panel's home; '' is the dashboard. */
  path: string;
  label: string;
  icon: LucideIcon;
  /** Which issue brings the content, told plainly until then. */
  comingWith?: string;
}

/** spec 02 §2: the sidebar of each panel. */
export const PANEL_SECTIONS: Record<Role, PanelSection[]> = {
  company: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard },
    { path: 'products', label: 'Mis Productos', icon: Package, comingWith: 'productos' },
    { path: 'orders', label: 'Pedidos', icon: ShoppingBag, comingWith: 'pedidos' },
    { path: 'sellers', label: 'Vendedores', icon: Users, comingWith: 'vendedores' },
    {
      path: 'payment-gateways',
      label: 'Pasarelas de Pago',
      icon: CreditCard,
      comingWith: 'pagos',
    },
    {
      path: 'settings',
      label: 'Configuración de la Empresa',
      icon: Settings,
      comingWith: 'configuración',
    },
  ],
  seller: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard },
    { path: 'products', label: 'Catálogo', icon: Package, comingWith: 'productos' },
    { path: 'orders', label: 'Mis Ventas', icon: ShoppingBag, comingWith: 'pedidos' },
    { path: 'settings', label: 'Configuración', icon: Settings, comingWith: 'configuración' },
  ],
  admin: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard },
    { path: 'orders', label: 'Pedidos', icon: ShoppingBag, comingWith: 'pedidos' },
    { path: 'products', label: 'Productos', icon: Package, comingWith: 'productos' },
    { path: 'users', label: 'Usuarios', icon: Building2, comingWith: 'usuarios' },
    { path: 'leaderboard', label: 'Ranking', icon: Trophy, comingWith: 'ranking' },
    { path: 'support', label: 'Soporte', icon: LifeBuoy },
    { path: 'settings', label: 'Configuración', icon: Settings, comingWith: 'configuración' },
  ],
};

export const PANEL_TITLES: Record<Role, string> = {
  company: 'Panel de Empresa',
  seller: 'Panel de Vendedor',
  admin: 'Panel Administrativo',
};
