import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../api/baseApi';
import { currentUserApi } from '../../api/currentUserApi';
import { messageOf } from '../../api/errorText';
import { getStoredToken, removeStoredToken } from '../../api/tokenStorage';
import type { User } from '../../common/wire';
import { authApi } from './authApi';

/**
 * SPEC section 3 lists `token` in the auth state. We keep the token itself only in localStorage under
 * the key `token` (src/api/tokenStorage.ts) so it never reaches the store or Redux DevTools;
 * `isAuthenticated` stands for "a token is held and the user is known".
 */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True until the session has been determined at start. */
  loading: boolean;
  /** The last registration or verification failure, as text. */
  error: string | null;
}

export const initialAuthState: AuthState = { user: null, isAuthenticated: false, loading: true, error: null };

/** Session start: with a stored token fetch the current user; a failure forgets the token. */
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
      removeStoredToken();
      return rejectWithValue(messageOf(error));
    }
  },
);

const { login, verifyRegistrationOtp, register } = authApi.endpoints;
const { currentUser } = currentUserApi.endpoints;

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
      .addCase(restoreSession.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
        state.isAuthenticated = action.payload !== null;
      })
      .addCase(restoreSession.rejected, (state) => {
        state.loading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addCase(sessionEnded, (state) => {
        state.loading = false;
        state.user = null;
        state.isAuthenticated = false;
      })
      .addMatcher(login.matchFulfilled, (state, action) => {
        if (action.payload.requiresTwoFactor) return;
        signIn(state, action.payload.user);
      })
      .addMatcher(verifyRegistrationOtp.matchFulfilled, (state, action) => signIn(state, action.payload.user))
      .addMatcher(currentUser.matchFulfilled, (state, action: PayloadAction<User>) => {
        if (state.isAuthenticated) state.user = action.payload;
      })
      .addMatcher(isAnyOf(register.matchPending, verifyRegistrationOtp.matchPending), (state) => {
        state.error = null;
      })
      .addMatcher(isAnyOf(register.matchRejected, verifyRegistrationOtp.matchRejected), (state, action) => {
        state.error = action.payload?.message ?? action.error.message ?? 'An error occurred';
      });
  },
});

function signIn(state: AuthState, user: User) {
  state.user = user;
  state.isAuthenticated = true;
  state.loading = false;
  state.error = null;
}

export const { authErrorCleared } = authSlice.actions;
