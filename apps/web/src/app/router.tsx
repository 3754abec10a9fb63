import { createBrowserRouter, redirect, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { paths } from '@/config/paths';
import { registerPreloadRoutes } from '@/lib/route-preload';
import { AppLoading, RootLayout } from './routes/root';

/**
 * Gives every route its error element (STYLE §5: each route has an error boundary), except the
 * public layout route and its pages, whose error boundary is the public one.
 */
function withErrorElement(route: RouteObject): RouteObject {
  if (route === publicLayoutRoute) return route;
  return {
    ...route,
    errorElement: <RouteErrorPage />,
    ...(route.children ? { children: route.children.map(withErrorElement) } : {}),
  } as RouteObject;
}

/**
 * The public pages (seed §2 "public" layout; PRODUCT §3, §5): /b/{id}, /q/{shortUrl}, /s/{id},
 * no guard, `noindex`. Each feature appends its route module here, e.g.
 * `{ path: paths.public.brief.path, lazy: () => import('./routes/public/brief') }`. They render in
 * the public shell (components/layouts/public-layout.tsx) and need no error element of their own:
 * a 410 thrown by their loader or component (the ApiError of a revoked or expired link) shows
 * "This link is no longer active" (components/errors/public-route-error-page.tsx); any other error
 * the app's error page.
 */
export const publicRoutes: RouteObject[] = [
  { path: paths.public.brief.path, lazy: () => import('./routes/public/brief') },
  { path: paths.public.question.path, lazy: () => import('./routes/public/question') },
  { path: paths.public.summary.path, lazy: () => import('./routes/public/summary') },
];

/** The layout route of {@link publicRoutes}; shell and error page load with the first public page. */
export const publicLayoutRoute: NonIndexRouteObject = {
  lazy: async () => {
    const [{ PublicLayoutRoute }, { PublicRouteErrorPage }] = await Promise.all([
      import('@/components/layouts/public-layout'),
      import('@/components/errors/public-route-error-page'),
    ]);
    return { Component: PublicLayoutRoute, ErrorBoundary: PublicRouteErrorPage };
  },
  children: publicRoutes,
};

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
      publicLayoutRoute,
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
          { path: paths.account.path, lazy: () => import('./routes/app/account') },
          // Slack's OAuth v2 install (issue #12): signed in, since the state is bound to the member and workspace.
          { path: paths.slack.auth.path, lazy: () => import('./routes/slack/auth') },
          { path: paths.slack.callback.path, lazy: () => import('./routes/slack/oauth-callback') },
          { path: paths.tasks.list.path, lazy: () => import('./routes/tasks/tasks') },
          { path: paths.tasks.new.path, lazy: () => import('./routes/tasks/new-task') },
          // Executive briefs (issue #9). Static segments outrank /executive-briefs/:id, so …/templates/new is never a brief id.
          { path: paths.briefs.list.path, lazy: () => import('./routes/briefs/briefs') },
          { path: paths.briefs.detail.path, lazy: () => import('./routes/briefs/brief') },
          { path: paths.briefs.templates.new.path, lazy: () => import('./routes/briefs/new-template') },
          { path: paths.briefs.templates.detail.path, lazy: () => import('./routes/briefs/template') },
          // Questions (issue #10). Static segments outrank /questions/:id, so list, legacy and new are never a request id.
          { path: paths.questions.hub.path, lazy: () => import('./routes/questions/hub') },
          { path: paths.questions.list.path, lazy: () => import('./routes/questions/list') },
          { path: paths.questions.legacy.path, lazy: () => import('./routes/questions/legacy') },
          { path: paths.questions.new.path, lazy: () => import('./routes/questions/new') },
          { path: paths.questions.generate.path, lazy: () => import('./routes/questions/generate') },
          { path: paths.questions.detail.path, lazy: () => import('./routes/questions/detail') },
          // Summaries (issue #11). Static segments outrank /questions/summaries/:id, so new and step2 are never a summary id.
          { path: paths.questions.summaries.list.path, lazy: () => import('./routes/questions/summaries') },
          { path: paths.questions.summaries.new.path, lazy: () => import('./routes/questions/summaries-new') },
          { path: paths.questions.summaries.step2.path, lazy: () => import('./routes/questions/summaries-step2') },
          { path: paths.questions.summaries.detail.path, lazy: () => import('./routes/questions/summary') },
          // People (issue #10). Static segments outrank /questions/people/:id, so …/new is never a person id.
          { path: paths.questions.people.list.path, lazy: () => import('./routes/questions/people') },
          { path: paths.questions.people.new.path, lazy: () => import('./routes/questions/people-new') },
          { path: paths.questions.people.detail.path, lazy: () => import('./routes/questions/person') },
          { path: paths.questions.people.chat.path, lazy: () => import('./routes/questions/person-chat') },
        ],
      },
    ],
  }),
];

/** Creates the app's data router (react-router 7, browser history). */
export function createAppRouter() {
  registerPreloadRoutes(routes);
  return createBrowserRouter(routes);
}
