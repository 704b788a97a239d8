import { createSlice } from '@reduxjs/toolkit';

// Placeholder: the feature's issue gives this slice its state.
export const themeSlice = createSlice({ name: 'theme', initialState: {}, reducers: {} });
