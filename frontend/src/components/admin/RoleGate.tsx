import type { ReactNode } from 'react';
import { rolesAllow, type Role } from '@/config/adminSections';
import { useAdminIdentity } from '@/lib/adminAccess';
import { AdminNoAccess } from './AdminNoAccess';

/**
 * A section's page when the signed-in administrator's roles open it (an owner opens every one),
 * else the "no access" panel. Outside the dashboard's shell (no identity) it shows the page.
 */
export function RoleGate({ role, children }: { role?: Role; children: ReactNode }) {
  const { identity } = useAdminIdentity();
  if (identity && !rolesAllow(identity.roles, role)) return <AdminNoAccess />;
  return children;
}
