import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { isAuthorized } from '../features/auth/auth-store';
import { i18next } from '../i18n/i18n';
import { notifyInfo } from '../ui/toast';
import { AppLayout } from './layout';
import { PageSplash } from './page-splash';
import { PAGE_ROUTES, type PageRoute, type RouteHandle } from './routes';

/**
 * Login-required routes send signed-out visitors home with "Please log in first" (SPEC §2).
 * A loader runs once per navigation, outside React, so StrictMode cannot show the toast twice.
 */
function requireSignIn() {
  if (isAuthorized()) return null;
  notifyInfo(i18next.t('nav.loginFirst'));
  return redirect('/');
}

function toRouteObject(route: PageRoute): RouteObject {
  const handle: RouteHandle = { pageId: route.pageId, trackPageLoad: route.trackPageLoad };
  return {
    path: route.path,
    element: route.element,
    handle,
    ...(route.requiresAuth ? { loader: requireSignIn } : {}),
  };
}

/** The layout's children: the SPEC §2 table, and any other path redirects to /404. */
export function pageRouteObjects(): RouteObject[] {
  return [...PAGE_ROUTES.map(toRouteObject), { path: '*', loader: () => redirect('/404') }];
}

let router: ReturnType<typeof createHashRouter> | null = null;

/**
 * The app's hash router, created once and only after sign-in has been completed, because
 * the code exchange rewrites the address the router reads at creation.
 */
export function appRouter() {
  router ??= createHashRouter([
    {
      element: <AppLayout />,
      hydrateFallbackElement: <PageSplash />,
      children: pageRouteObjects(),
    },
  ]);
  return router;
}
