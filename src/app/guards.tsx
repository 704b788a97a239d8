import { Navigate, Outlet } from 'react-router-dom';
import { selectIsAuthenticated } from '../features/auth';
import { useAppSelector } from './hooks';

/** Signed-out routes: a signed-in user is sent to /dashboard (SPEC section 2). */
export function GuestOnly() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  return signedIn ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Signed-in routes: a signed-out user is sent to /login (SPEC section 2). */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  return signedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
