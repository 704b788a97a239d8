import { createSlice } from '@reduxjs/toolkit';

// Placeholder: the feature's issue gives this slice its state.
export const masterPasswordSlice = createSlice({ name: 'masterPassword', initialState: {}, reducers: {} });
