import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Resources: no UI.
  route("healthz", "routes/resources/healthz.ts"),
  // [enquiries] resource routes go here.
  // [admin] auth handler and media resource routes go here.

  // [admin] sign-in, set-up and the /edit area go here.

  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    // [enquiries] route("contact", "routes/public/contact.tsx"),
    // [catalogue] category and listing routes go here.
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
