import { z } from 'zod';

export const PERMISSIONS = [
  'business:read',
  'customers:read', 'customers:write',
  'suppliers:read', 'suppliers:write',
  'leads:read', 'leads:write',
  'products:read', 'products:write',
  'documents:read', 'documents:write',
  'payments:read',
  'inventory:read', 'inventory:write',
  'tasks:read', 'tasks:write',
  'expenses:read', 'expenses:write',
  'tags:read', 'tags:write',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;
export const READ_PERMISSIONS = PERMISSIONS.filter((p) => p.endsWith(':read'));
export const WRITE_PERMISSIONS = PERMISSIONS.filter((p) => p.endsWith(':write'));
