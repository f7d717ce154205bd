import { deferredComponent } from "#app/components/deferred-component";

/** The leadership section, at the foot of the home and about pages: fetched when hydration reaches it (issue 13). */
export const DeferredLeadership = deferredComponent("leadership", () => import("./leadership").then((module) => module.Leadership));
