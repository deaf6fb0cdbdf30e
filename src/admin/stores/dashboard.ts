import { map } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { DashboardView } from '#src/schemas/dashboard.ts';
import type { Outcome } from './list-detail.ts';

export type DashboardState = Outcome & { dashboard: DashboardView | null; isLoading: boolean };

export const $dashboard = map<DashboardState>({ dashboard: null, isLoading: false, ok: true, message: '', errors: [] });

/** Loads the dashboard's figures; a failure is kept as the outcome for the screen to show. */
export async function loadDashboard(): Promise<void> {
  $dashboard.setKey('isLoading', true);
  try {
    const { dashboard, message } = await unwrap(apiClient.dashboard.$get());
    $dashboard.set({ dashboard, isLoading: false, ok: true, message, errors: [] });
  } catch (error) {
    $dashboard.set({ ...$dashboard.get(), isLoading: false, ok: false, message: messageOf(error) });
  }
}
