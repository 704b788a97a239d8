import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { routerBasename } from '../api/basePath';
import { GuestOnly, RequireAuth } from './guards';
import LandingPage from './landing/LandingPage';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { RootRouteError, RouteError } from './RouteError';

// Every page but the landing is its own chunk, so a cold /login loads only what the form needs.
// (The landing stays in the main chunk: logout goes there and must not wait for a download.)
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const VerifyOtpPage = lazy(() => import('../features/auth/VerifyOtpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetWizardPage = lazy(() => import('../features/auth/ResetWizardPage'));
const SignedInLayout = lazy(() => import('./layout/SignedInLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const PasswordsPage = lazy(() => import('../features/vault/PasswordsPage'));
const SettingsPage = lazy(() => import('./SettingsRoute'));

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
              page('settings', SettingsPage),
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
