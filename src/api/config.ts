// Display configuration calls (contract tag config).
import { api, succeeded } from './client.ts';
import type { PageTitle } from './types.ts';

export async function fetchPageTitle(): Promise<PageTitle | null> {
  return succeeded(await api.POST('/config/getTitle')).data ?? null;
}
