import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { routerBasename } from '../shared/api/basePath';
import {
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetWizardPage,
  VerifyOtpPage,
} from '../features/auth';
import { DashboardPage } from '../features/dashboard';
import { PasswordsPage, TrashPage } from '../features/vault';
import { GuestOnly, RequireAuth } from './guards';
import LandingPage from './landing/LandingPage';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RootRouteError, RouteError } from './RouteError';
import { SettingsRoute, SignedInLayout } from './signedInCode';

// Every page but the landing is its own chunk (the features' indexes export them lazily), so a cold
// /login loads only what the form needs. The landing stays in the main chunk: logout goes there and
// must not wait for a download.

/** A page route with its own error element, so a failing page keeps the top bar and navigation. */
function page(path: string, Page: ComponentType | LazyExoticComponent<ComponentType>): RouteObject {
  return { path, element: <Page />, errorElement: <RouteError /> };
}

/** SPEC section 2: every route and routing rule. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootRouteError />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <LandingPage />, errorElement: <RouteError /> },
          {
            element: <GuestOnly />,
            children: [
              page('login', LoginPage),
              page('register', RegisterPage),
              page('verify-otp', VerifyOtpPage),
              page('forgot-password', ForgotPasswordPage),
              page('forgot-password-otp', ResetWizardPage),
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        errorElement: <RouteError />,
        children: [
          {
            element: <SignedInLayout />,
            children: [
              page('dashboard', DashboardPage),
              page('passwords', PasswordsPage),
              // Issue 14: the deleted entries, restorable for 30 days.
              page('passwords/trash', TrashPage),
              page('settings', SettingsRoute),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: routerBasename() });
}
