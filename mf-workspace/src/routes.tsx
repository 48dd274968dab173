// The federated module './routes': this remote's pages, one per path the catalogue gives it.
import { defineRemoteRoutes } from '@platform/remote-kit';
import './i18n';
import { DashboardPage } from './dashboard/DashboardPage';
import { ProjectsPage } from './projects/ProjectsPage';
import { ProjectPage } from './projects/ProjectPage';
import { SharedTaskPage } from './shared-task/SharedTaskPage';
import { TasksPage } from './tasks/TasksPage';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { SettingsPage } from './settings/SettingsPage';

export default defineRemoteRoutes('mf_workspace', [
  { path: '/dashboard', title: 'titles.dashboard', Component: DashboardPage },
  { path: '/projects', title: 'titles.projects', Component: ProjectsPage },
  { path: '/projects/view', title: 'titles.project', Component: ProjectPage },
  { path: '/tasks', title: 'titles.tasks', Component: TasksPage },
  { path: '/analytics', title: 'titles.analytics', Component: AnalyticsPage },
  { path: '/settings', title: 'titles.settings', Component: SettingsPage },
  { path: '/shared/task', title: 'titles.sharedTask', Component: SharedTaskPage },
]);
