import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { paths } from '@/config/paths';
import { AppLoading, RootLayout } from './routes/root';

/** Gives every route its error element (STYLE §5: each route has an error boundary). */
function withErrorElement(route: RouteObject): RouteObject {
  return {
    ...route,
    errorElement: <RouteErrorPage />,
    ...(route.children ? { children: route.children.map(withErrorElement) } : {}),
  } as RouteObject;
}

/**
 * The routes of this issue (seed §2), lazy-loaded. Unmatched URLs render the root error element
 * with 404 'Page Not Found'.
 */
export const routes: RouteObject[] = [
  withErrorElement({
    id: 'root',
    element: <RootLayout />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        lazy: () => import('./routes/auth/layout'),
        children: [
          { path: paths.auth.login.path, lazy: () => import('./routes/auth/login') },
          { path: paths.auth.passwordless.path, lazy: () => import('./routes/auth/passwordless') },
          { path: paths.auth.verify.path, lazy: () => import('./routes/auth/verify') },
          { path: paths.auth.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password') },
          { path: paths.auth.newPassword.path, lazy: () => import('./routes/auth/new-password') },
          { path: paths.register.path, lazy: () => import('./routes/register') },
        ],
      },
      { path: paths.auth.logout.path, lazy: () => import('./routes/auth/logout') },
      {
        path: paths.home.path,
        lazy: () => import('./routes/app/root'),
        children: [
          // / → /dashboard → /dashboard/home (PRODUCT §3).
          { index: true, loader: () => redirect(paths.dashboard.home.getHref()) },
          { path: paths.dashboard.root.path, loader: () => redirect(paths.dashboard.home.getHref()) },
          { path: paths.dashboard.home.path, lazy: () => import('./routes/dashboard/home') },
          { path: paths.dashboard.old.path, lazy: () => import('./routes/dashboard/old') },
          { path: paths.workspaces.settings.path, lazy: () => import('./routes/app/workspace-settings') },
          { path: paths.tasks.list.path, lazy: () => import('./routes/tasks/tasks') },
          { path: paths.tasks.new.path, lazy: () => import('./routes/tasks/new-task') },
        ],
      },
    ],
  }),
];

/** Creates the app's data router (react-router 7, browser history). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
