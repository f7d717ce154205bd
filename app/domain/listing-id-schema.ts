import { z } from "zod";
import { LISTING_ID } from "./listing-id";

/**
 * The listing-id rule as a form field, for staff forms. Apart from listing-id.ts, so the pages that only test an
 * id (the shortlist on every public page) do not download zod with it.
 */
export const listingIdSchema = z.string().regex(LISTING_ID, "That is not a listing.");
