import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Resources: no UI.
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-file.ts"),
  route("site.webmanifest", "routes/resources/web-manifest.ts"),
  // [enquiries] resource routes go here.
  route("enquiry-config", "routes/resources/enquiry-config.ts"),
  // The top bar's currency choice (sets the ws_currency cookie, then back to the page).
  route("currency", "routes/resources/currency.ts"),
  // A listing's cover at 1200×630 for link previews.
  route("social/:category/:file", "routes/resources/listing-social-image.ts"),
  // A listing's printable brochure (PDF); its page links to it.
  route(":category/:id/brochure.pdf", "routes/resources/listing-brochure.ts"),
  // Hearts post here (add, remove, merge a shared list); the shortlist page itself is in the public layout.
  route("shortlist/items", "routes/resources/shortlist-items.ts"),
  // [admin] auth handler and media resource routes go here.
  route("media/*", "routes/resources/media-file.ts"),
  route("edit/api/media", "routes/admin/api/media-upload.ts"),
  route("edit/api/content/:key/image", "routes/admin/api/content-image.ts"),
  route("edit/api/listings/:id/photos", "routes/admin/api/listing-photos.ts"),

  // [admin] sign-in, set-up and the /edit area go here.
  route("sign-in", "routes/auth/sign-in.tsx"),
  route("sign-in/two-factor", "routes/auth/sign-in-two-factor.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("setup", "routes/auth/setup.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("accept-invitation", "routes/auth/accept-invitation.tsx"),
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
    route("edit/users", "routes/admin/users.tsx"),
    route("edit/account", "routes/admin/account.tsx"),
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
    route("shortlist", "routes/public/shortlist.tsx"),
    // [catalogue] one module for the five categories; unknown categories answer 404.
    route(":category", "routes/public/category.tsx"),
    route(":category/:id", "routes/public/listing.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
