import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { data, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { ContentFilters, ContentList } from "#app/components/admin/content-list";
import { ContentListBoundary } from "#app/components/admin/content-list-boundary";
import { NewContentBlockForm } from "#app/components/admin/new-content-block-form";
import { servicesContext } from "#app/db/context";
import { CONTENT_MAX_LENGTH, newContentBlockSchema } from "#app/domain/content-block-forms";
import {
  ADMIN_PAGE_SIZE,
  ContentBlockConflictError,
  ContentBlockError,
  createContentBlock,
  listContentBlocks,
  parseContentListQuery,
  saveMissingDefaults,
  toAdminContentBlock,
  updateContentBlock,
} from "#app/models/content-blocks.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";

const UpdateSchema = z.object({
  key: z.string().min(1),
  content: z.string().max(CONTENT_MAX_LENGTH, "The content is too long."),
  /** The block's "last updated" when the editor opened it: a save from an older copy is refused. */
  updatedAt: z.iso.datetime({ error: "Reload the page and try again: the editor lost track of the block's version." }),
  /** Set by "Save mine anyway" after a conflict: the "last updated" the staff member chose to replace. */
  overwrite: z.iso.datetime().optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const query = parseContentListQuery(new URL(request.url).searchParams);
  // ?pages=N shows N pages at once: Load More without JavaScript.
  const services = context.get(servicesContext);
  const rows = await saveMissingDefaults(
    services,
    await listContentBlocks(services.db, { ...query, offset: 0, limit: ADMIN_PAGE_SIZE * query.pages }),
  );
  return {
    blocks: await Promise.all(rows.map(toAdminContentBlock)),
    query: { search: query.search, category: query.category, pages: query.pages },
    hasMore: rows.length === ADMIN_PAGE_SIZE * query.pages,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "content");
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const form = Object.fromEntries(formData) as Record<string, string>;
  if (form.intent === "create") {
    // The form's own schema (shared with the browser); a refused post answers with what was typed.
    const submission = parseWithZod(formData, { schema: newContentBlockSchema });
    if (submission.status !== "success") return data({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    try {
      await createContentBlock(services, submission.value, user);
    } catch (error) {
      if (!(error instanceof ContentBlockError)) throw error;
      return data({ intent: "create" as const, result: submission.reply({ fieldErrors: { key: [error.message] } }) }, { status: 400 });
    }
    throw redirect("/edit/content");
  }
  if (form.intent === "update") {
    const parsed = UpdateSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]?.message ?? "Invalid input." }, { status: 400 });
    try {
      const expectedUpdatedAt = new Date(parsed.data.overwrite ?? parsed.data.updatedAt);
      const row = await updateContentBlock(services, parsed.data.key, { content: parsed.data.content, expectedUpdatedAt }, user);
      if (!row) return data({ ok: false as const, error: "This block no longer exists." }, { status: 404 });
      return { ok: true as const, block: await toAdminContentBlock(row) };
    } catch (error) {
      if (error instanceof ContentBlockConflictError) {
        const { row, by } = error.current;
        const conflict = { by, block: await toAdminContentBlock(row) };
        return data({ ok: false as const, error: "This block was changed since you opened it.", conflict }, { status: 409 });
      }
      if (!(error instanceof ContentBlockError)) throw error;
      return data({ ok: false as const, error: error.message }, { status: 400 });
    }
  }
  return data({ ok: false as const, error: "Unknown request." }, { status: 400 });
}

/**
 * Saving one block updates its card from the save's answer, so the pages already loaded stay. Opening or
 * closing the new-block form is a URL change only (?new) and needs no reload either.
 */
export function shouldRevalidate({ formData, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "update") return false;
  if (currentUrl.pathname === nextUrl.pathname && !formData) {
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.searchParams);
      params.delete("new");
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
}

/*
 * No ErrorBoundary of its own: a refusal (401, 403 …) or a failed load is shown by the admin layout's boundary,
 * inside the shell, the same screen as on every other admin screen. A crash while rendering the list keeps the
 * spec's "Something went wrong / Please try refreshing the page" (ContentListBoundary).
 */
export default function ContentManager({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const createResult = actionData && "intent" in actionData ? actionData : undefined;
  // ?new opens the form; it is read here, not from the loader, because toggling it skips the reload.
  const creating = useSearchParams()[0].has("new") || Boolean(createResult);
  // A reload from the start (new search or category) shows the spinner in place of the list.
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/edit/content" && !navigation.formData;
  const listKey = `${loaderData.query.search}|${loaderData.query.category}|${loaderData.query.pages}|${loaderData.blocks.map((block) => block.id).join(",")}`;
  return (
    <div>
      <title>Content Manager | Admin</title>
      <AdminPageHeader
        eyebrow="Site content"
        title="Content Manager"
        intro="The texts and images of the Home, About and Contact pages. Changes appear on the site as soon as you save."
        actions={
          <Link to={creating ? "/edit/content" : "?new"} preventScrollReset replace className="btn-primary" aria-expanded={creating}>
            <Plus aria-hidden className="h-4 w-4" /> New Content Block
          </Link>
        }
      />
      {creating ? <NewContentBlockForm result={createResult?.result} /> : null}
      <ContentFilters query={loaderData.query} />
      <ContentListBoundary>
        <ContentList key={listKey} initial={loaderData} reloading={reloading} />
      </ContentListBoundary>
    </div>
  );
}
