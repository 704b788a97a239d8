// The build names each page's code by its route (build/pageCode.ts): every route with a page of its
// own is there, and nothing else.
import type { RouteObject } from 'react-router-dom';
import { PAGE_MODULES } from '../../build/pageCode';
import { appRoutes } from './routes';

function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index
      ? parent || '/'
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path}`
        : parent;
    const own = route.index || (route.path && route.path !== '*' && route.path !== '/') ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], route.path === '/' ? '' : here)];
  });
}

it('names the code of every page the router has, and of no other', () => {
  expect(Object.keys(PAGE_MODULES).sort()).toEqual([...new Set(pagePaths(appRoutes))].sort());
});
