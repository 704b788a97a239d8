import { createSlice } from '@reduxjs/toolkit';

// Placeholder: the feature's issue gives this slice its state.
export const authSlice = createSlice({ name: 'auth', initialState: {}, reducers: {} });
