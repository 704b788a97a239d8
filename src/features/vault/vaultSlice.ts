import { createSlice } from '@reduxjs/toolkit';

// Placeholder: the feature's issue gives this slice its state.
export const vaultSlice = createSlice({ name: 'vault', initialState: {}, reducers: {} });
