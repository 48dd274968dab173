// Redux reaches the shell and the remotes only through this library, which the page holds once as a Module
// Federation singleton: one react-redux context, one RTK Query api. Sharing @reduxjs/toolkit and
// react-redux themselves would ship every chunk of them whole (a shared package cannot be tree-shaken, and
// RTK's entry points each carried their own copy of reselect); re-exporting what the platform uses lets
// webpack keep only that. A remote that needs another Redux API adds it here.
export { Provider } from 'react-redux';
export { createSlice, createSelector } from '@reduxjs/toolkit';
export type { PayloadAction, SerializedError } from '@reduxjs/toolkit';
export { skipToken } from '@reduxjs/toolkit/query/react';
export type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
