import { useEffect } from 'react';
import { refreshOnReturn } from '../shared/api/refreshOnReturn';
import { useAppDispatch } from './hooks';

/** While signed in: coming back to the tab, or back online, refetches what is on screen. */
export function useRefreshOnReturn(): void {
  const dispatch = useAppDispatch();
  useEffect(() => refreshOnReturn(dispatch), [dispatch]);
}
