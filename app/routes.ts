import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public site: server-rendered pages sharing the site layout.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    // TODO(pending) route("packages", "routes/site/packages.tsx"),
    // TODO(pending) route("packages/:slug", "routes/site/package-detail.tsx"),
    // TODO(pending) route("gallery", "routes/site/gallery.tsx"),
    // TODO(pending) route("blogs", "routes/site/blogs.tsx"),
    // TODO(pending) route("blogs/:id", "routes/site/blog-detail.tsx"),
    // TODO(pending) route("contact", "routes/site/contact.tsx"),
    // TODO(pending) route("legal/:slug", "routes/site/legal.tsx"),
    route("credits", "routes/site/credits.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
    // TODO(pending) route("sitemap.xml", "routes/site/sitemap.xml.ts"),
    // TODO(pending) route("robots.txt", "routes/site/robots.txt.ts"),

  // REST API: resource routes answering JSON.
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("packages", "routes/api/packages.ts"),
    route("packages/:id", "routes/api/package.ts"),
    route("blogs", "routes/api/blogs.ts"),
    route("blogs/:id", "routes/api/blog.ts"),
    // TODO(pending) route("leads", "routes/api/leads.ts"),
    // TODO(pending) route("enquiries", "routes/api/enquiries.ts"),
    // TODO(pending) route("contact", "routes/api/contact.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
