/**
 * The links the public shell draws from the site's settings (social pages, phone, WhatsApp). Kept apart from
 * the settings' form schema (site-settings.ts) so that every public page can draw them without the form
 * library in its first download.
 */
export const SOCIAL_NETWORKS = [
  { key: "instagramUrl", label: "Instagram", host: "instagram.com" },
  { key: "linkedinUrl", label: "LinkedIn", host: "linkedin.com" },
  { key: "xUrl", label: "X", host: "x.com" },
  { key: "facebookUrl", label: "Facebook", host: "facebook.com" },
  { key: "youtubeUrl", label: "YouTube", host: "youtube.com" },
] as const;
export type SocialKey = (typeof SOCIAL_NETWORKS)[number]["key"];

/** The social links that are set, in display order. */
export function socialLinks(settings: Record<SocialKey, string>): { label: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => (settings[network.key] ? [{ label: network.label, url: settings[network.key] }] : []));
}

/** A wa.me link for the WhatsApp number (digits only), or null when none is set. */
export function whatsappLink(number: string): string | null {
  const digits = number.replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}` : null;
}

/** A tel: link that dials the number as written (digits and the leading plus only). */
export function telLink(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, "")}`;
}
