import { Component, createContext, lazy, useContext, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';

/**
 * The route table (`routes.tsx`, written for a data router: `lazy` and `errorElement`) turned into one for
 * `useRoutes` under a plain `BrowserRouter` (issue 14). The data router (`createBrowserRouter`) brings
 * loaders, actions, fetchers and revalidation the portal does not use: about 16 KB gzipped on every route.
 * Here a lazy route is a `React.lazy` element (the shell's Suspense shows the loading state; navigations run
 * in a transition, so the previous page stays until the next one is there) and an `errorElement` is an error
 * boundary around the route's element, cleared on the next navigation.
 */
const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's error element shows (in place of react-router's data-router-only `useRouteError`). */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

class Boundary extends Component<{ fallback: ReactNode; resetKey: string; children: ReactNode }, { error: unknown; failed: boolean; key: string }> {
  state = { error: undefined as unknown, failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string; failed: boolean }) {
    // Another page: the error belonged to the previous one (as with the data router).
    return props.resetKey !== state.key ? { key: props.resetKey, failed: false, error: undefined } : null;
  }

  render() {
    return this.state.failed ? <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider> : this.props.children;
  }
}

function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={pathname}>
      {children}
    </Boundary>
  );
}

type LazyRoute = () => Promise<{ Component?: ComponentType | null }>;

function lazyElement(load: LazyRoute): ReactNode {
  const Page = lazy(async () => {
    const { Component: Loaded } = await load();
    if (!Loaded) throw new Error('lazy route without a Component');
    return { default: Loaded };
  });
  return <Page />;
}

/** Converts one route and its children. */
export function toRouteTree(route: RouteObject): RouteObject {
  const { lazy: load, errorElement, children, element, ...rest } = route;
  if (load && typeof load !== 'function') throw new Error('only function-style lazy routes are supported');
  let shown: ReactNode = load ? lazyElement(load as LazyRoute) : element;
  if (errorElement) shown = <RouteErrorBoundary fallback={errorElement}>{shown ?? <Outlet />}</RouteErrorBoundary>;
  return (rest.index ? { ...rest, element: shown } : { ...rest, element: shown, children: children?.map(toRouteTree) }) as RouteObject;
}
