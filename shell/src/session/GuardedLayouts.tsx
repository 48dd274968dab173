import { AppLayout } from '../layouts/AppLayout';
import { ContributorLayout } from '../layouts/ContributorLayout';
import { RequireSession } from './RequireSession';

/** Whether the pages in this layout are for signed-in people only (RequireSession's `required`). */
export interface GuardedLayoutProps {
  required: boolean;
}

// The signed-in layouts with their session guard: fetched together when first shown, so a visitor's first
// page (the public landing) carries neither the layouts nor the guard.

export function GuardedAppLayout({ required }: GuardedLayoutProps) {
  return (
    <RequireSession required={required}>
      <AppLayout />
    </RequireSession>
  );
}

export function GuardedContributorLayout({ required }: GuardedLayoutProps) {
  return (
    <RequireSession required={required}>
      <ContributorLayout />
    </RequireSession>
  );
}
