import type { AuthState } from './authSlice';

export { selectCurrentUser } from './currentUserApi';

interface WithAuth {
  auth: AuthState;
}

export const selectIsAuthenticated = (state: WithAuth): boolean => state.auth.isAuthenticated;
export const selectSessionLoading = (state: WithAuth): boolean => state.auth.loading;
export const selectSessionUnreachable = (state: WithAuth): boolean => state.auth.unreachable;
export const selectSessionEndedByServer = (state: WithAuth): boolean => state.auth.endedByServer;
