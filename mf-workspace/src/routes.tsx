// The federated module './routes': this remote's pages, one per page declared for it
// (libs/contracts/src/pages/).
import { defineRemoteRoutes } from '@platform/remote-kit';
import {
  analyticsPage,
  dashboardPage,
  projectPage,
  projectsPage,
  settingsPage,
  sharedTaskPage,
  tasksPage,
} from '@platform/contracts/client';
import './i18n';
import { DashboardPage } from './dashboard/DashboardPage';
import { ProjectsPage } from './projects/ProjectsPage';
import { ProjectPage } from './projects/ProjectPage';
import { SharedTaskPage } from './shared-task/SharedTaskPage';
import { TasksPage } from './tasks/TasksPage';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { SettingsPage } from './settings/SettingsPage';

export default defineRemoteRoutes('mf_workspace', [
  { page: dashboardPage, Component: DashboardPage },
  { page: projectsPage, Component: ProjectsPage },
  { page: projectPage, Component: ProjectPage },
  { page: tasksPage, Component: TasksPage },
  { page: analyticsPage, Component: AnalyticsPage },
  { page: settingsPage, Component: SettingsPage },
  { page: sharedTaskPage, Component: SharedTaskPage },
]);
