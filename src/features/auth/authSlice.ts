import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { sessionEnded } from '../../shared/api/baseApi';
import { currentUserApi } from './currentUserApi';
import { messageOf } from '../../shared/api/errorText';
import { getStoredToken } from '../../shared/api/tokenStorage';
import type { User } from '../../common/wire';
import { authApi } from './authApi';

/**
 * SPEC section 3's auth state: user, token, loading, error. Each fact has one home. The token lives only
 * in localStorage under the key `token` (shared/api/tokenStorage.ts), so it never reaches the store or
 * Redux DevTools. The user is the current-user query's cache entry (currentUserApi.ts), read with
 * `selectCurrentUser`; this slice says only whether a session is held: `isAuthenticated` stands for
 * "a token is held and the user is known".
 */
export interface AuthState {
  isAuthenticated: boolean;
  /** True until the session has been determined at start. */
  loading: boolean;
  /**
   * The session could not be determined: /auth/me failed without the server saying the token is over
   * (offline, a 5xx, an interrupted request). The token is kept; the app offers Retry.
   */
  unreachable: boolean;
  /** The last registration or verification failure, as text. */
  error: string | null;
  /**
   * The last session ended without the person: the server said its token is over while it was held
   * (signed out on another device, expired). The login page says so until the next sign-in.
   */
  endedByServer: boolean;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  loading: true,
  unreachable: false,
  error: null,
  endedByServer: false,
};

/**
 * Session start: with a stored token fetch the current user. Only the server ends a session: a 401 by
 * SPEC section 8's rule makes the base query forget the token (then this resolves signed out); any other
 * failure keeps the token and leaves the session undetermined, to be retried.
 */
export const restoreSession = createAsyncThunk<User | null, void, { rejectValue: string }>(
  'auth/restoreSession',
  async (_, { dispatch, rejectWithValue }) => {
    if (!getStoredToken()) return null;
    const request = dispatch(
      currentUserApi.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    try {
      return await request.unwrap();
    } catch (error) {
      if (!getStoredToken()) return null;
      return rejectWithValue(messageOf(error));
    }
  },
);

const { login, verifyRegistrationOtp, register } = authApi.endpoints;

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    authErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.pending, (state) => {
        state.loading = true;
        state.unreachable = false;
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        if (action.payload !== null) signIn(state);
        else state.loading = false;
      })
      .addCase(restoreSession.rejected, (state) => {
        state.loading = false;
        state.unreachable = true;
      })
      .addCase(sessionEnded, (state, action) => {
        // A stray 401 after the session was over changes nothing of what the login page says.
        if (action.payload !== 'server') state.endedByServer = false;
        else if (state.isAuthenticated || state.loading) state.endedByServer = true;
        state.loading = false;
        state.unreachable = false;
        state.isAuthenticated = false;
      })
      .addMatcher(login.matchFulfilled, (state, action) => {
        if (action.payload.requiresTwoFactor) return;
        signIn(state);
      })
      .addMatcher(verifyRegistrationOtp.matchFulfilled, signIn)
      .addMatcher(isAnyOf(register.matchPending, verifyRegistrationOtp.matchPending), (state) => {
        state.error = null;
      })
      .addMatcher(isAnyOf(register.matchRejected, verifyRegistrationOtp.matchRejected), (state, action) => {
        state.error = action.payload?.message ?? action.error.message ?? 'An error occurred';
      });
  },
});

function signIn(state: AuthState) {
  state.isAuthenticated = true;
  state.loading = false;
  state.unreachable = false;
  state.error = null;
  state.endedByServer = false;
}

export const { authErrorCleared } = authSlice.actions;
