// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import { DashboardPage } from './dashboard/DashboardPage';
import { ProjectsPage } from './projects/ProjectsPage';
import { TasksPage } from './tasks/TasksPage';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { SettingsPage } from './settings/SettingsPage';

export default defineRemoteRoutes('mf_workspace', [
  { path: '/dashboard', title: 'Dashboard', Component: DashboardPage },
  { path: '/projects', title: 'Projects', Component: ProjectsPage },
  { path: '/tasks', title: 'Tasks', Component: TasksPage },
  { path: '/analytics', title: 'Analytics', Component: AnalyticsPage },
  { path: '/settings', title: 'Settings', Component: SettingsPage },
]);
