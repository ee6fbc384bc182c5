import { apiScopes, type ApiScope } from '@/server/api-keys/scopes';

/** Scopes grouped by area (`messages:send` belongs to Messages), in the order of the scope list. */
export function scopeGroups(): Array<{ area: string; scopes: ApiScope[] }> {
  const groups = new Map<string, ApiScope[]>();
  for (const scope of apiScopes) {
    const area = scope.split(':')[0] as string;
    groups.set(area, [...(groups.get(area) ?? []), scope]);
  }
  return [...groups].map(([area, scopes]) => ({ area: area.charAt(0).toUpperCase() + area.slice(1), scopes }));
}
