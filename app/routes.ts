// The routes: one module per URL under app/routes/, named by Remix's flat-routes convention
// (decision 173; the route config is what React Router 7 reads).
import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

export default flatRoutes({ ignoredRouteFiles: ["**/.*", "**/*.test.*"] }) satisfies RouteConfig;
