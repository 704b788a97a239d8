import type { User } from '../../common/wire';
import type { AuthState } from './authSlice';

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectCurrentUser = (state: WithAuth): User | null => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth): boolean => state.auth.isAuthenticated;
export const selectSessionLoading = (state: WithAuth): boolean => state.auth.loading;
