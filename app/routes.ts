import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Resources: no UI.
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("site.webmanifest", "routes/resources/web-manifest.ts"),
  // [enquiries] resource routes go here.
  route("enquiry-config", "routes/resources/enquiry-config.ts"),
  // [admin] auth handler and media resource routes go here.
  route("media/*", "routes/resources/media-file.ts"),
  route("edit/api/media", "routes/admin/api/media-upload.ts"),
  route("edit/api/content/:key/image", "routes/admin/api/content-image.ts"),
  route("edit/api/listings/:id/photos", "routes/admin/api/listing-photos.ts"),

  // [admin] sign-in, set-up and the /edit area go here.
  route("sign-in", "routes/auth/sign-in.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("setup", "routes/auth/setup.tsx"),
  route("edit/api/content-blocks", "routes/admin/api/content-blocks.ts"),
  // The live bell's event stream, the inbox's CSV export and a personal-data export: no admin shell.
  route("edit/events", "routes/admin/events.ts"),
  route("edit/enquiries/export.csv", "routes/admin/enquiries-export.ts"),
  route("edit/enquiries/privacy/export", "routes/admin/enquiry-privacy-export.ts"),
  // Every module below checks the session itself (requireAdmin); the layout's check is not relied on.
  layout("routes/admin/layout.tsx", [
    route("edit", "routes/admin/dashboard.tsx"),
    route("edit/content", "routes/admin/content.tsx"),
    route("edit/enquiries", "routes/admin/enquiries.tsx"),
    route("edit/enquiries/privacy", "routes/admin/enquiry-privacy.tsx"),
    route("edit/enquiries/:id", "routes/admin/enquiry.tsx"),
    route("edit/media", "routes/admin/media.tsx"),
    route("edit/settings", "routes/admin/settings.tsx"),
    route("edit/activity", "routes/admin/activity.tsx"),
    route("edit/listings", "routes/admin/listings.tsx"),
    route("edit/listings/new", "routes/admin/listing-new.tsx"),
    route("edit/listings/order", "routes/admin/listings-order.tsx"),
    route("edit/listings/:id", "routes/admin/listing-edit.tsx"),
    // Unknown /edit paths: guarded like the rest, then a 404 inside the shell.
    route("edit/*", "routes/admin/not-found.tsx"),
  ]),

  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    // [enquiries]
    route("contact", "routes/public/contact.tsx"),
    // [catalogue] one module for the five categories; unknown categories answer 404.
    route(":category", "routes/public/category.tsx"),
    route(":category/:id", "routes/public/listing.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
