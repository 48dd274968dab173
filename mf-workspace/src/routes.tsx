// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/store';
import { DashboardPage } from './pages/DashboardPage';
import { ProjectsPage } from './pages/ProjectsPage';
import { TasksPage } from './pages/TasksPage';
import { AnalyticsPage } from './pages/AnalyticsPage';
import { SettingsPage } from './pages/SettingsPage';

export default defineRemoteRoutes('mf_workspace', [
  { path: '/dashboard', title: 'Dashboard', Component: DashboardPage },
  { path: '/projects', title: 'Projects', Component: ProjectsPage },
  { path: '/tasks', title: 'Tasks', Component: TasksPage },
  { path: '/analytics', title: 'Analytics', Component: AnalyticsPage },
  { path: '/settings', title: 'Settings', Component: SettingsPage },
]);
